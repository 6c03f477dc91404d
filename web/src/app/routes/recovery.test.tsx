import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@app/contracts/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('email verification and password reset', () => {
  it('Forgot password? leads to a form that answers the same whatever the email', async () => {
    const api = mockApi({ 'POST /api/auth/password-reset': () => Response.json({ message: PASSWORD_RESET_REQUESTED_MESSAGE }, { status: 202 }) });
    const { user, router } = await renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(new RegExp(PASSWORD_RESET_REQUESTED_MESSAGE.slice(0, 30)))).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/password-reset').map((c) => c.body)).toEqual([{ email: 'ana@example.com' }]);
  });

  it('sets a new password from the link, then goes to log in; refuses mismatches before asking the server', async () => {
    const api = mockApi({ 'POST /api/auth/password-reset/confirm': { endedSessions: 2 } });
    const { user, router } = await renderApp('/reset-password?token=U1.secret');
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/make sure your new password and confirmation match/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/password-reset/confirm')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login');
    expect(api.callsTo('POST', '/api/auth/password-reset/confirm').map((c) => c.body)).toEqual([{ token: 'U1.secret', password: 'a new passphrase' }]);
  });

  it('says why a used or expired link does not work', async () => {
    mockApi({ 'POST /api/auth/password-reset/confirm': () => apiError(400, 'This link is invalid, already used or expired. Ask for a new one.') });
    const { user } = await renderApp('/reset-password?token=U1.old');
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already used or expired');
  });

  it('confirms the address from the verification link once', async () => {
    const api = mockApi({ 'POST /api/auth/verify-email': { verified: true } });
    await renderApp('/verify-email?token=U1.secret');
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email').map((c) => c.body)).toEqual([{ token: 'U1.secret' }]);
  });
});
