// An error a handler or repository throws to answer with a given status and DRF-style body.
import type { FieldErrors } from '../contract/entities.js';
import { MESSAGES } from '../contract/rules.js';

/** The 503 of a server past its event-loop or heap limit (plugins/under-pressure.ts, /api/health). */
export const OVERLOADED = 'The server is busy right now. Please try again in a few seconds.';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: string; code?: string } | FieldErrors,
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.name = 'HttpError';
  }

  static notFound(): HttpError {
    return new HttpError(404, { detail: MESSAGES.notFound });
  }

  static field(field: string, message: string): HttpError {
    return new HttpError(400, { [field]: [message] });
  }

  static invalidPk(field: string, value: unknown): HttpError {
    return HttpError.field(field, MESSAGES.invalidPk(value));
  }
}
