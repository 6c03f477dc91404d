import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const admin = makeUser({ role: 'admin' });

describe('/admin/messages email delivery', () => {
  it('lists the suppressed addresses and the undelivered emails, saying which wait for a replay', async () => {
    mockApi({
      'GET /api/auth/me': { user: admin },
      'GET /api/admin/messages': { messages: [] },
      'GET /api/admin/email-delivery': {
        suppressions: [{ email: 'gone@example.com', reason: 'bounce', detail: 'bounce: Permanent / NoEmail', suppressedAt: '2026-11-20T10:00:00.000Z' }],
        undelivered: [
          { id: 'a', template: 'password-reset', reason: 'maxReceiveCount (5) exceeded', deadLetteredAt: '2026-11-21T10:00:00.000Z' },
          {
            id: 'b',
            template: 'verify-email',
            reason: 'maxReceiveCount (5) exceeded',
            deadLetteredAt: '2026-11-19T10:00:00.000Z',
            redrivenAt: '2026-11-19T11:00:00.000Z',
          },
        ],
      },
    });
    await renderApp('/admin/messages');

    const section = await screen.findByRole('region', { name: 'Email delivery' });
    expect(within(section).getByText('Suppressed addresses (1)')).toBeInTheDocument();
    expect(within(section).getByText('gone@example.com')).toBeInTheDocument();
    expect(within(section).getByText('Undelivered emails (1 waiting for a replay, 1 replayed)')).toBeInTheDocument();
    expect(within(section).getByText('password-reset').closest('li')).toHaveTextContent('waiting');
    expect(within(section).getByText('verify-email').closest('li')).toHaveTextContent('replayed');
  });
});
