import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

import { cn } from '@/utils/cn';

const control =
  'block w-full rounded-lg border border-slate-500 bg-background px-3 py-2 text-base text-foreground shadow-sm ' +
  'placeholder:text-muted-foreground aria-invalid:border-destructive';

type FieldProps = { label: string; error?: string; hint?: string };

function describedBy(id: string, { error, hint }: Omit<FieldProps, 'label'>): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled input with an optional hint and error, wired up with aria-describedby. */
export function InputField({ label, error, hint, className, id: idProp, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = idProp ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={cn(control, 'h-11', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        {...props}
      />
    </FieldShell>
  );
}

/** A labelled textarea with an optional hint and error. */
export function TextareaField({ label, error, hint, className, id: idProp, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = idProp ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={cn(control, 'min-h-32 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        {...props}
      />
    </FieldShell>
  );
}

/**
 * A checkbox with its label beside it (the label may hold a link) and an error under both. Its
 * required-ness is checked by the form, so the message is ours and the same as the server's.
 */
export function CheckboxField({
  label,
  error,
  id: idProp,
  ...props
}: { label: ReactNode; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generated = useId();
  const id = idProp ?? generated;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-500 accent-primary aria-invalid:outline-2 aria-invalid:outline-destructive"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <label htmlFor={id} className="text-sm text-foreground">
          {label}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's message, under it; the control names it in `aria-describedby` (`<id>-error`). */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}
