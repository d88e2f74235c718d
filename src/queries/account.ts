// Account settings: changing the password (this session keeps going on the new tokens) and deleting the account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '../../contract/account';
import type { FieldErrors } from '../../contract/entities';
import { changePassword, deleteAccount } from '../api/account';
import { storeTokens } from '../api/tokens';
import { isHttpError } from './errors';
import { endSessionHere } from './session';

/** The server's field messages of a 400 (e.g. a wrong current password), or null. */
export async function fieldErrorsOf(error: unknown): Promise<FieldErrors | null> {
  if (!isHttpError(error) || error.response.status !== 400) return null;
  try {
    const body: unknown = await error.response.clone().json();
    return body !== null && typeof body === 'object' && !('detail' in body)
      ? (body as FieldErrors)
      : null;
  } catch {
    return null;
  }
}

/** The server's `detail` for any other refusal (e.g. billing unavailable), or null. */
export async function detailOf(error: unknown): Promise<string | null> {
  if (!isHttpError(error)) return null;
  try {
    const body = (await error.response.clone().json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}

/** Other sessions lose their refresh tokens; this one stores the new pair the server answers. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePassword): Promise<void> => {
      storeTokens(await changePassword(body));
    },
  });
}

/** Once the server has deleted everything, nothing of the account may stay on this device. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string): Promise<void> => {
      await deleteAccount({ password });
      endSessionHere(queryClient);
    },
  });
}
