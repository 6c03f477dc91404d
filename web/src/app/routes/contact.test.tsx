import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('/contact', () => {
  it('requires name, email, subject and message', async () => {
    await renderApp('/contact');

    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('does not send while a field is empty', async () => {
    const { user } = await renderApp('/contact');
    await user.type(await screen.findByLabelText('Name'), 'Alex');
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Question');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByLabelText('Message')).toBeInvalid();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.queryByText('Message Sent!')).not.toBeInTheDocument();
  });

  it('rejects fields that hold only spaces', async () => {
    const { user } = await renderApp('/contact');
    await user.type(await screen.findByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Question');
    await user.type(screen.getByLabelText('Message'), 'Hello');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.queryByRole('button', { name: 'Sending...' })).not.toBeInTheDocument();
  });

  it("sends the message, says 'Message Sent!' and clears the form", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({ 'POST /api/contact': async () => (await answered, Response.json({ received: true }, { status: 202 })) });
    const { user } = await renderApp('/contact');
    await user.type(await screen.findByLabelText('Name'), 'Alex');
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Question');
    await user.type(screen.getByLabelText('Message'), 'When are predictions published?');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText(/reply within 24 hours/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(api.callsTo('POST', '/api/contact').map((c) => c.body)).toEqual([
      { name: 'Alex', email: 'alex@example.com', subject: 'Question', message: 'When are predictions published?' },
    ]);
  });

  it('keeps the message and says why when the server refuses it', async () => {
    mockApi({ 'POST /api/contact': () => apiError(429, 'Too many attempts. Try again in 60 seconds.') });
    const { user } = await renderApp('/contact');
    await user.type(await screen.findByLabelText('Name'), 'Alex');
    await user.type(screen.getByLabelText('Email'), 'alex@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Question');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message not sent')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Try again in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('states the reply time and the support hours', async () => {
    await renderApp('/contact');

    expect(await screen.findByText('We reply to every message within 24 hours.')).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri, 9:00-18:00 GMT')).toBeInTheDocument();
  });
});
