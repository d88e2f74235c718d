// What a repository refuses, in the data's words; plugins/errors.ts is the one place that turns each into an HTTP answer.
import type { FieldErrors } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';

export abstract class DomainError extends Error {}

/** The item does not exist, or is not the caller's (the two look alike on purpose). */
export class NotFound extends DomainError {
  constructor() {
    super(MESSAGES.notFound);
    this.name = 'NotFound';
  }
}

/** Input the request's schema allowed but the data refuses, as messages per field. */
export class InvalidInput extends DomainError {
  constructor(readonly fields: FieldErrors) {
    super(JSON.stringify(fields));
    this.name = 'InvalidInput';
  }

  static field(field: string, message: string): InvalidInput {
    return new InvalidInput({ [field]: [message] });
  }

  /** A reference to a row that is missing or not the caller's. */
  static invalidPk(field: string, value: unknown): InvalidInput {
    return InvalidInput.field(field, MESSAGES.invalidPk(value));
  }
}

/** A create (or restore) beyond one of the account's quotas (contract/quotas.ts). */
export class QuotaExceeded extends DomainError {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'QuotaExceeded';
  }
}

/** The write cannot apply to the data as it is now; `code` says why, for clients. */
export class Conflict extends DomainError {
  constructor(
    readonly detail: string,
    readonly code: string,
  ) {
    super(detail);
    this.name = 'Conflict';
  }
}

/**
 * An update or delete whose row exists but at another version than If-Match named. The
 * repository throws it without `current` (its transaction rolls back); the route reads the item
 * as it is now and throws it again with it (routes/row-versions.ts).
 */
export class VersionMismatch extends DomainError {
  constructor(readonly current?: unknown) {
    super('The item has changed since the version given in If-Match.');
    this.name = 'VersionMismatch';
  }
}
