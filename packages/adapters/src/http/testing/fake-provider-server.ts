/**
 * A real local HTTP server for provider tests: it serves scripted JSON responses (recorded
 * payloads) and records every request, so the adapters run their real fetch, headers and URLs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless it is a string. */
  body?: unknown;
  /** Never answer (a provider that hangs); the request is dropped when the server stops. */
  hang?: boolean;
}

export type Handler = (request: RecordedRequest) => ScriptedResponse;

export class FakeProviderServer {
  readonly requests: RecordedRequest[] = [];
  /** Answers every request; tests replace it. Default: 404. */
  handle: Handler = () => ({ status: 404, body: { message: 'no route' } });
  private server: Server | undefined;
  private port = 0;
  private readonly hanging = new Set<ServerResponse>();

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers };
      this.requests.push(recorded);
      let out: ScriptedResponse;
      try {
        out = this.handle(recorded);
      } catch (error) {
        out = { status: 500, body: { message: String(error) } };
      }
      if (out.hang) {
        this.hanging.add(res);
        return;
      }
      const body = out.body === undefined ? '' : typeof out.body === 'string' ? out.body : JSON.stringify(out.body);
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json', ...out.headers });
      res.end(body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  /** Serves the responses in order, repeating the last one. */
  sequence(responses: ScriptedResponse[]): void {
    let i = 0;
    this.handle = () => responses[Math.min(i++, responses.length - 1)]!;
  }

  reset(): void {
    this.requests.length = 0;
    this.handle = () => ({ status: 404, body: { message: 'no route' } });
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** A sleep that records its waits and returns at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/**
 * Attempt timers that fire only when the test says so (`startTimer` for the client): a timeout is
 * then tested at the moment the test chooses (the provider has the request and hangs), never
 * against a real short timer that a busy machine can outrun.
 */
export function manualTimers(): { startTimer: (ms: number, onTimeout: () => void) => () => void; started: number[]; fire: () => void } {
  const running = new Set<() => void>();
  const started: number[] = [];
  return {
    started,
    startTimer: (ms, onTimeout) => {
      started.push(ms);
      running.add(onTimeout);
      return () => running.delete(onTimeout);
    },
    fire: () => {
      const due = [...running];
      running.clear();
      for (const onTimeout of due) onTimeout();
    },
  };
}

/** A clock that only moves when the recording sleep is called (pair with `recordingSleep`). */
export function virtualTime(start = '2026-01-10T12:00:00Z'): {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  waits: number[];
  advance: (ms: number) => void;
} {
  let t = Date.parse(start);
  const waits: number[] = [];
  return {
    waits,
    now: () => new Date(t),
    advance: (ms) => void (t += ms),
    sleep: async (ms) => {
      waits.push(ms);
      t += ms;
    },
  };
}
