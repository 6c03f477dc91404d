import { describe, expect, it } from 'vitest';
import type { UndeliveredEmail } from './ports.ts';
import { redriveUndeliveredEmails, suppressionsFrom, templateOf } from './deliverability.ts';

const at = new Date('2026-11-20T10:00:00.000Z');

describe('suppressionsFrom', () => {
  it('suppresses every recipient of a permanent bounce and of a complaint, lower-cased, and nobody for a transient bounce', () => {
    expect(
      suppressionsFrom(
        {
          eventType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'NoEmail',
            bouncedRecipients: [{ emailAddress: 'A@Example.com' }, { emailAddress: 'b@example.com' }],
          },
        },
        at,
      ),
    ).toEqual([
      { email: 'a@example.com', reason: 'bounce', detail: 'bounce: Permanent / NoEmail', suppressedAt: '2026-11-20T10:00:00.000Z' },
      { email: 'b@example.com', reason: 'bounce', detail: 'bounce: Permanent / NoEmail', suppressedAt: '2026-11-20T10:00:00.000Z' },
    ]);
    expect(suppressionsFrom({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'c@example.com' }] } }, at)).toEqual(
      [],
    );
    expect(
      suppressionsFrom(
        { eventType: 'Complaint', complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'd@example.com' }] } },
        at,
      ),
    ).toEqual([{ email: 'd@example.com', reason: 'complaint', detail: 'complaint: abuse', suppressedAt: '2026-11-20T10:00:00.000Z' }]);
  });
});

describe('redriveUndeliveredEmails', () => {
  it('puts back each valid request not replayed yet, marks it, and keeps the invalid ones', async () => {
    const records: UndeliveredEmail[] = [
      { id: 'ok', body: '{"template":"contact"}', reason: 'r', deadLetteredAt: '2026-11-20T09:00:00.000Z' },
      { id: 'done', body: '{"template":"contact"}', reason: 'r', deadLetteredAt: '2026-11-20T08:00:00.000Z', redrivenAt: '2026-11-20T08:30:00.000Z' },
      { id: 'bad', body: 'not json', reason: 'malformed', deadLetteredAt: '2026-11-20T07:00:00.000Z' },
    ];
    const sent: Array<[string, object]> = [];
    const report = await redriveUndeliveredEmails({
      store: {
        record: async () => {},
        list: async () => records,
        markRedriven: async (id, when) => void (records.find((r) => r.id === id)!.redrivenAt = when),
      },
      queue: { send: async (queue, message) => void sent.push([queue, message]) },
      now: () => at,
      parse: (body) => (body.startsWith('{') ? (JSON.parse(body) as object) : undefined),
    });
    expect(report).toEqual({ redriven: 1, kept: [{ id: 'bad', reason: 'not a valid email request (malformed)' }] });
    expect(sent).toEqual([['email', { template: 'contact' }]]);
    expect(records[0]!.redrivenAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('names the template of a request, and a malformed one as unreadable', () => {
    expect(templateOf({ body: '{"template":"password-reset","email":"x@example.com"}' })).toBe('password-reset');
    expect(templateOf({ body: '{"template":"<script>"}' })).toBe('unreadable');
    expect(templateOf({ body: '{' })).toBe('unreadable');
  });
});
