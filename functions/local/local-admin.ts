import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalQueue } from '@app/adapters/local-queue/local-queue';

/**
 * Local-only operator endpoints under /__local (never deployed): list queue depths and
 * dead letters, and redrive a dead-letter list, as the SQS console would.
 */
export function localAdmin(queue: LocalQueue) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!url.pathname.startsWith('/__local/')) return false;
    const remote = req.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(remote)) return reply(res, 403, { error: 'local only' });

    if (req.method === 'GET' && url.pathname === '/__local/queues') {
      return reply(
        res,
        200,
        queue.queueNames().map((name) => ({ name, depth: queue.depth(name), deadLetters: queue.deadLetters(name) })),
      );
    }
    const redrive = /^\/__local\/queues\/([\w-]+)\/redrive$/.exec(url.pathname);
    if (req.method === 'POST' && redrive) {
      const name = redrive[1]!;
      if (!queue.queueNames().includes(name)) return reply(res, 404, { error: `unknown queue ${name}` });
      return reply(res, 200, { redriven: queue.redrive(name) });
    }
    return reply(res, 404, { error: 'not_found' });
  };
}

function reply(res: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(text);
  return true;
}
