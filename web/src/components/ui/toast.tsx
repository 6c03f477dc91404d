import type { ReactNode } from 'react';
import { toast as sonnerToast, Toaster as SonnerToaster } from 'sonner';
import 'sonner/dist/styles.css';

/** docs/product.md#toasts: one toast visible at a time, each shown for 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'success' | 'destructive';
};

/**
 * Shows a toast. A new toast replaces the one on screen (spec: only one visible at a time),
 * so always go through this function rather than calling sonner directly.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): string | number {
  sonnerToast.dismiss();
  const options = { description };
  if (variant === 'destructive') return sonnerToast.error(title, options);
  if (variant === 'success') return sonnerToast.success(title, options);
  return sonnerToast(title, options);
}

export function dismissToasts(): void {
  sonnerToast.dismiss();
}

/** Mounted once by the app provider. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      theme="light"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
    />
  );
}
