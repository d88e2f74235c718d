// A create refused by a quota becomes an Error carrying the server's own sentence, which the screens' toasts show.
import { QUOTA_EXCEEDED } from '../../contract/quota-code';
import { errorBody, errorStatus } from './http-error';

/**
 * `message` is the server's `detail`, e.g. "Journal not created — a month holds at most 200
 * journals.". Not an HTTPError on purpose: the toasts show an HTTPError's status only as the
 * spec's fixed warning, and an Error's message in full.
 */
export class QuotaExceededError extends Error {
  override readonly name = 'QuotaExceededError';
}

/** The QuotaExceededError for a `400 {code: "quota_exceeded"}`, or null for any other error. */
export async function quotaError(error: unknown): Promise<QuotaExceededError | null> {
  if (errorStatus(error) !== 400) return null;
  const body = await errorBody(error);
  return body?.code === QUOTA_EXCEEDED && typeof body.detail === 'string'
    ? new QuotaExceededError(body.detail)
    : null;
}

/** Awaits a create, turning a quota's 400 into a QuotaExceededError. */
export async function withQuota<T>(create: Promise<T>): Promise<T> {
  try {
    return await create;
  } catch (error) {
    throw (await quotaError(error)) ?? error;
  }
}
