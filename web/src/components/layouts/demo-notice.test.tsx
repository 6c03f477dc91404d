import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const health = { status: 'ok', table: 'reachable', time: '2026-12-07T21:33:00.000Z' };
const window = { replayedFrom: '2026-11-08T06:00:00.000Z', replayedTo: '2026-12-07T21:33:00.000Z' };

describe('the demo note under the header', () => {
  it('says on every page that the record was made by replaying the demo on its clock, not a real live record', async () => {
    mockApi({ 'GET /api/health': { ...health, demo: { ...window, replaying: false } } });
    await renderApp('/results');

    const note = await screen.findByRole('note', { name: 'Demo' });
    expect(note).toHaveTextContent('Demo: fictional leagues.');
    expect(note).toHaveTextContent("replaying the demo's last 30 days (8 November 2026 to 7 December 2026)");
    expect(note).toHaveTextContent('published before kickoff in demo time, not a real live record');
  });

  it('says the last 30 days are being replayed while the replay runs', async () => {
    mockApi({ 'GET /api/health': { ...health, demo: { ...window, replaying: true } } });
    await renderApp('/analytics');

    expect(await screen.findByRole('note', { name: 'Demo' })).toHaveTextContent(
      "Demo: replaying the last 30 days (from 8 November 2026) through the pipeline on the demo's clock",
    );
  });

  it('says nothing where the health names no demo (a deployed stage)', async () => {
    const { callsTo } = mockApi();
    await renderApp('/about');

    await waitFor(() => expect(callsTo('GET', '/api/health')).toHaveLength(1));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Demo' })).not.toBeInTheDocument();
  });
});
