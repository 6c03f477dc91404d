import { HealthSchema } from '@app/contracts/health';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { api } from '@/lib/api-client';
import { formatLongDate } from '@/utils/format';

/** While the demo replays, how often the notice asks whether it is done. */
const REPLAY_POLL_MS = 10_000;

/**
 * On a local stack's demo, on every page: the leagues are fictional and the record was made by replaying the
 * demo's last 30 days through the pipeline on its clock, so "published before kickoff" means in demo time, never
 * a real live record (docs/decisions/0332-a-demo-that-has-been-live.md). While the replay runs, it says so and the
 * pages' reads are refreshed when it ends. Nothing on a deployed stage, whose health has no demo.
 */
export function DemoNotice() {
  const queryClient = useQueryClient();
  const health = useQuery({
    queryKey: ['/api/health'],
    queryFn: ({ signal }) => api.get('/api/health', { signal, schema: HealthSchema }),
    refetchInterval: (query) => (query.state.data?.demo?.replaying ? REPLAY_POLL_MS : false),
  });
  const demo = health.data?.demo;
  const wasReplaying = useRef(false);
  useEffect(() => {
    if (demo?.replaying) wasReplaying.current = true;
    else if (demo && wasReplaying.current) {
      wasReplaying.current = false;
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== '/api/health' });
    }
  }, [demo, queryClient]);
  if (!demo) return null;
  return (
    <p role="note" aria-label="Demo" className="border-b border-border bg-muted px-4 py-2 text-center text-xs text-muted-foreground">
      {demo.replaying
        ? `Demo: replaying the last 30 days (from ${formatLongDate(demo.replayedFrom)}) through the pipeline on the demo's clock; the record fills in when it ends.`
        : `Demo: fictional leagues. The record was made by replaying the demo's last 30 days (${formatLongDate(demo.replayedFrom)} to ${formatLongDate(demo.replayedTo)}) through the pipeline on its clock: published before kickoff in demo time, not a real live record.`}
    </p>
  );
}
