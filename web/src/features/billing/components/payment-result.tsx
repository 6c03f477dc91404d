import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifySession } from '@/features/billing/api/verify-session';
import { apiErrorMessage } from '@/lib/api-client';

/** docs/product.md#messages: the stored errors. */
export const VERIFY_FAILED = 'Failed to verify payment';
export const NO_SESSION_ID = 'No session ID found';

/**
 * One state of the page. The outcome arrives after a full page load from the checkout, so the
 * focus is put on each state's h1 (screen readers announce the result) without scrolling
 * (docs/decisions/0073-scroll-and-focus-on-navigation.md).
 */
function Shell({ title, children }: { title: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = box.current?.querySelector('h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [title]);
  return (
    <>
      <Head title={title} />
      <div ref={box} className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        {children}
      </div>
    </>
  );
}

/**
 * docs/product.md#payment-result with docs/decisions/0016-payment-result-shows-failures.md: verifying, then success; a failure shows the error and a
 * way back to /pricing instead of the success view. `afterSuccess` follows the success view (the app composes it).
 */
export function PaymentResult({ sessionId, afterSuccess }: { sessionId: string | null; afterSuccess?: ReactNode }) {
  const verify = useVerifySession();
  const { mutate } = verify;
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per session id, also under StrictMode's double effects.
    if (!sessionId || started.current === sessionId) return;
    started.current = sessionId;
    mutate(sessionId);
  }, [sessionId, mutate]);

  if (!sessionId || verify.isError || (verify.isSuccess && !verify.data.success)) {
    const error = !sessionId ? NO_SESSION_ID : VERIFY_FAILED;
    const detail = verify.isError ? apiErrorMessage(verify.error) : undefined;
    return (
      <Shell title="Payment not confirmed">
        <XCircle aria-hidden="true" className="size-14 text-destructive" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Payment not confirmed</h1>
        <div role="alert" className="mt-4 space-y-1">
          <p className="font-semibold text-destructive">{error}</p>
          {detail ? <p className="text-muted-foreground">{detail}</p> : null}
        </div>
        <p className="mt-4 text-muted-foreground">If you were charged, your subscription will still be activated; contact us and we will sort it out.</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.pricing.getHref()} className={buttonStyles()}>
            Back to pricing
          </Link>
          <Link to={paths.contact.getHref()} className={buttonStyles({ variant: 'outline' })}>
            Contact support
          </Link>
        </div>
      </Shell>
    );
  }

  if (!verify.isSuccess) {
    return (
      <Shell title="Verifying payment">
        <h1 className="text-3xl font-bold tracking-tight">Verifying your payment...</h1>
        <p className="mt-4 text-muted-foreground">This only takes a moment. Please keep this page open.</p>
        <Spinner label="Verifying payment" className="mt-8" />
      </Shell>
    );
  }

  return (
    <Shell title="Payment successful">
      <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Welcome to Premium!</h1>
      <p role="status" className="mt-4 text-lg text-muted-foreground">
        Your payment was successful. Full probabilities, value bets and every filter are now unlocked.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.predictions.getHref()} className={buttonStyles({ size: 'lg' })}>
          View Predictions
        </Link>
        <Link to={paths.account.getHref()} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
          Account Settings
        </Link>
      </div>
      {afterSuccess}
    </Shell>
  );
}
