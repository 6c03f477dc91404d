import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('/admin/audit', () => {
  it('lists the role changes: when, what, whom, by whom and from where', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ role: 'admin' }) },
      'GET /api/admin/role-changes': {
        changes: [
          {
            id: 'rc2',
            at: '2026-11-24T09:30:00.000Z',
            type: 'role_revoked',
            userId: 'u2',
            email: 'old@example.com',
            actor: 'ops',
            origin: 'laptop: npm run admin --stage prod',
          },
          {
            id: 'rc1',
            at: '2026-11-23T08:00:00.000Z',
            type: 'role_granted',
            userId: 'u1',
            email: 'boss@example.com',
            actor: 'ops (AWS profile prod-admin)',
            origin: 'laptop: npm run admin --stage prod',
          },
        ],
      },
    });
    await renderApp('/admin/audit');

    const rows = await within(await screen.findByRole('table', { name: 'Role changes' })).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'When (UTC)ChangeAccountByFrom',
      '2026-11-24 09:30Admin revokedold@example.comopslaptop: npm run admin --stage prod',
      '2026-11-23 08:00Admin grantedboss@example.comops (AWS profile prod-admin)laptop: npm run admin --stage prod',
    ]);
  });
});
