import type { ErrorBody } from '@app/contracts/errors';
import { isDomainError, ValidationError, type DomainErrorKind } from '@app/core/errors';
import { logger } from '../logger.ts';
import { json, type HttpResult } from './response.ts';

/** An error the HTTP layer itself raises (bad JSON, CSRF, unknown route...). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Pick<ErrorBody, 'issues'> & { headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const statusByKind: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Maps any error to a response. Known errors become 4xx with their message; anything else is
 * logged and becomes `500 {"error":"internal","requestId":...}` with no internals.
 */
export function errorResponse(error: unknown, requestId: string): HttpResult {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.code, message: error.message, ...(error.extra.issues ? { issues: error.extra.issues } : {}) };
    return json(body, { status: error.statusCode, headers: error.extra.headers });
  }
  if (isDomainError(error)) {
    const headers: Record<string, string> = {};
    if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    }
    const field = error instanceof ValidationError ? error.field : undefined;
    const body: ErrorBody = { error: error.kind, message: error.message, ...(field ? { issues: [{ path: field, message: error.message }] } : {}) };
    return json(body, { status: statusByKind[error.kind], headers });
  }
  logger.error('Unhandled error', { requestId, error: error as Error });
  const body: ErrorBody = { error: 'internal', requestId };
  return json(body, { status: 500 });
}
