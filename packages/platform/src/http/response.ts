import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A JSON response. `body` may be pre-serialised JSON text (hot paths cache it). */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {}): HttpResult {
  return {
    statusCode: init.status ?? 200,
    headers: { ...jsonHeaders, ...init.headers },
    ...(init.cookies?.length ? { cookies: init.cookies } : {}),
    body: body instanceof RawJson ? body.text : JSON.stringify(body),
  };
}

/** JSON text that `json()` sends as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function accepted(body: unknown): HttpResult {
  return json(body, { status: 202 });
}

export function noContent(init: { cookies?: string[] } = {}): HttpResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' }, ...(init.cookies?.length ? { cookies: init.cookies } : {}) };
}
