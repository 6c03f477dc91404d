import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type * as Sonner from 'sonner';
import 'sonner/dist/styles.css';

/**
 * sonner loads after the page has started, not with its first JavaScript: no page needs a toast
 * to show, and the landing page's initial JS has a budget (150 KB gzip) that the response
 * contracts' parsing needs room in (docs/decisions/0180-response-contracts-kept.md).
 */
let sonner: Promise<typeof Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));
const SonnerToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** docs/product.md#toasts: one toast visible at a time, each shown for 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'success' | 'destructive';
};

/**
 * Shows a toast (once sonner has loaded, at once in practice: it loads when the app starts). A new
 * toast replaces the one on screen (spec: only one visible at a time), so always go through this
 * function rather than calling sonner directly.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  void loadSonner().then(({ toast: show }) => {
    show.dismiss();
    const options = { description };
    if (variant === 'destructive') show.error(title, options);
    else if (variant === 'success') show.success(title, options);
    else show(title, options);
  });
}

export async function dismissToasts(): Promise<void> {
  (await loadSonner()).toast.dismiss();
}

const noSubscription = () => () => {};

/**
 * Mounted once by the app provider. Rendered in the browser only, after hydration: a lazy
 * component in the prerendered HTML (web/src/app/shell.tsx) is a Suspense boundary the server
 * could not finish, which React reports as an error (#419) when it hydrates the page.
 */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="bottom-right"
        theme="light"
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS}
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
      />
    </Suspense>
  );
}
