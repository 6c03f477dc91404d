/**
 * The demo's replay as the product reads it (docs/decisions/0332-a-demo-that-has-been-live.md): only a
 * local stack on the demo leagues writes these settings (functions/local/stack.ts), once; a deployed
 * stage never does, so its health says nothing of a demo.
 */
import { DynamoSettingRepository } from '@app/adapters/dynamodb/setting-repository';
import type { DemoReplay } from '@app/contracts/health';
import { once, type Base } from './base.ts';
import { table } from './tables.ts';

/** The settings the replay writes: its window when it starts, the time it ended when it ends. */
export const DEMO_REPLAY_SETTINGS = { window: 'demo-replay', done: 'demo-replay:done' } as const;

export function buildDemoReplay(base: Base) {
  return once(base, buildDemoReplay, () => {
    const settings = table(base, DynamoSettingRepository);
    return {
      /** The replay this table holds, if any: its window and whether it is still running. */
      async read(): Promise<DemoReplay | undefined> {
        // A deployed stage never replays: its health check does not pay two reads to say so.
        if (base.config.STAGE !== 'local') return undefined;
        const [window, done] = await Promise.all([
          settings.get<{ from: string; to: string }>(DEMO_REPLAY_SETTINGS.window),
          settings.get<{ at: string }>(DEMO_REPLAY_SETTINGS.done),
        ]);
        return window ? { replayedFrom: window.from, replayedTo: window.to, replaying: !done } : undefined;
      },
    };
  });
}
