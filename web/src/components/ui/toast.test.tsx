import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toast } from '@/components/ui/toast';
import { renderWithProviders } from '@/testing/test-utils';

describe('toast', () => {
  it('shows a title and a description', async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      toast({ title: 'Password changed', description: 'Your new password is active.' });
    });

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your new password is active.')).toBeInTheDocument();
  });

  it('keeps only one toast at a time: a new one replaces the one on screen', async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      toast({ title: 'Account required' });
    });
    expect(await screen.findByText('Account required')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Welcome back!' });
    });

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Account required')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
