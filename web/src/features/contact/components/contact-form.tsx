import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { CONTACT_REPLY_HOURS } from '@/config/product';
import { ContactMessageSchema, useSendContactMessage, type ContactMessage } from '@/features/contact/api/send-contact-message';
import { apiErrorMessage } from '@/lib/api-client';

type FieldErrors = Partial<Record<keyof ContactMessage, string>>;

export function ContactForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ContactMessageSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ContactMessage;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const website = String(new FormData(form).get('website') ?? '');
    send.mutate(
      { ...parsed.data, ...(website ? { website } : {}) },
      {
        onSuccess: () => {
          form.reset();
          toast({
            title: 'Message Sent!',
            description: `Thanks for getting in touch. We'll reply within ${CONTACT_REPLY_HOURS} hours.`,
            variant: 'success',
          });
        },
        onError: (error) => toast({ title: 'Message not sent', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Contact form" className="space-y-5">
      <p className="text-sm text-muted-foreground">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Name" name="name" autoComplete="name" required error={errors.name} />
        <InputField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      </div>
      <InputField label="Subject" name="subject" required error={errors.subject} />
      <TextareaField label="Message" name="message" rows={6} required error={errors.message} />
      {/* A honeypot: hidden from people and assistive technology, filled in by naive bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        <Send aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
