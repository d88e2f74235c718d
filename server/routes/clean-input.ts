// Body clean-up shared by the data routes: trimmed text and explicit nulls refused before validation.
import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../contract/entities.js';
import { HttpError } from '../http-error.js';

/** DRF's message for an explicit null. */
export const NULL_MESSAGE = 'This field may not be null.';

/**
 * A preValidation hook for a JSON body: trims its string fields (DRF trims CharFields before
 * checking them, so "  " is blank) and rejects explicit nulls, which Ajv's type coercion would
 * otherwise turn silently into "", 0 or false.
 */
export function cleanBody(schema: TObject) {
  const fields = Object.entries(schema.properties);
  const textFields = fields.filter(([, field]) => field.type === 'string').map(([name]) => name);
  const names = fields.map(([name]) => name);
  return async function cleanBodyHook(request: FastifyRequest): Promise<void> {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const values = body as Record<string, unknown>;
    let errors: FieldErrors | undefined;
    for (const name of names) {
      if (values[name] === null) {
        errors ??= {};
        errors[name] = [NULL_MESSAGE];
      }
    }
    if (errors) throw new HttpError(400, errors);
    for (const name of textFields) {
      const value = values[name];
      if (typeof value === 'string') values[name] = value.trim();
    }
  };
}
