import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useEmailDelivery } from '@/features/messages/api/messages';

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/**
 * Email delivery for staff: the addresses SES reported as bouncing or complaining (the product no
 * longer mails them) and the emails no retry could send (replayed with `npm run jobs -- redrive`).
 */
export function EmailDelivery() {
  const delivery = useEmailDelivery();
  if (delivery.isPending) return <Spinner label="Loading email delivery" />;
  if (delivery.isError) return <p role="alert">Could not load the email delivery report.</p>;
  const { suppressions, undelivered } = delivery.data;
  const waiting = undelivered.filter((u) => !u.redrivenAt).length;
  return (
    <section aria-labelledby="email-delivery" className="mt-10 space-y-4">
      <h2 id="email-delivery" className="text-xl font-semibold">
        Email delivery
      </h2>
      <Card>
        <h3 className="font-semibold">Suppressed addresses ({suppressions.length})</h3>
        <p className="text-sm text-muted-foreground">A permanent bounce or a complaint: no email goes to these addresses any more.</p>
        {suppressions.length === 0 ? (
          <p className="mt-2 text-sm">None.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {suppressions.map((s) => (
              <li key={s.email}>
                <span className="font-medium">{s.email}</span> · {s.detail} · {when(s.suppressedAt)}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h3 className="font-semibold">
          Undelivered emails ({waiting} waiting for a replay, {undelivered.length - waiting} replayed)
        </h3>
        <p className="text-sm text-muted-foreground">
          Every retry failed. Fix the cause, then replay them with <code>npm run jobs -- redrive</code> (add <code>--stage</code> on AWS).
        </p>
        {undelivered.length === 0 ? (
          <p className="mt-2 text-sm">None.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {undelivered.map((u) => (
              <li key={u.id}>
                <span className="font-medium">{u.template}</span> · {u.reason} · {when(u.deadLetteredAt)}
                {u.redrivenAt ? <> · replayed {when(u.redrivenAt)}</> : ' · waiting'}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
