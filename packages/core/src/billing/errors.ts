import { DomainError } from '../errors.ts';

export class InvalidSignatureError extends DomainError {
  constructor(message = 'Invalid webhook signature', options?: ErrorOptions) {
    super('validation', message, options);
    this.name = 'InvalidSignatureError';
  }
}
