import { ConflictError } from '../errors.ts';

export class EmailTakenError extends ConflictError {
  constructor(options?: ErrorOptions) {
    super('An account with this email already exists', options);
    this.name = 'EmailTakenError';
  }
}
