/**
 * Domain errors. Each has a `kind` that the HTTP layer maps to a status code, so core never
 * speaks HTTP. Messages are safe to show to the user; `cause` keeps the underlying error.
 */
export type DomainErrorKind = 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'payment_required' | 'unavailable';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** For `rate_limited`: seconds until a retry may succeed. */
  readonly retryAfterSeconds?: number;

  constructor(kind: DomainErrorKind, message: string, options?: ErrorOptions & { retryAfterSeconds?: number }) {
    super(message, options);
    this.name = 'DomainError';
    this.kind = kind;
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, options?: ErrorOptions) {
    super('not_found', message, options);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, options?: ErrorOptions) {
    super('conflict', message, options);
    this.name = 'ConflictError';
  }
}

export class ValidationError extends DomainError {
  /** The request field the message is about (e.g. 'password'), so a form can show it under that field. */
  readonly field?: string;

  constructor(message: string, options?: ErrorOptions & { field?: string }) {
    super('validation', message, options);
    this.name = 'ValidationError';
    if (options?.field !== undefined) this.field = options.field;
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required', options?: ErrorOptions) {
    super('unauthorized', message, options);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden', options?: ErrorOptions) {
    super('forbidden', message, options);
    this.name = 'ForbiddenError';
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number, options?: ErrorOptions) {
    super('rate_limited', message, { ...options, retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
