// Account settings: changing the password (this session keeps going on the new tokens) and deleting the account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '../../contract/account';
import type { FieldErrors } from '../../contract/entities';
import { changePassword, deleteAccount } from '../api/account';
import { storeTokens } from '../api/tokens';
import { errorBody, errorStatus } from './errors';
import { endSessionHere } from './session';

/** The server's field messages of a 400 (e.g. a wrong current password), or null. */
export async function fieldErrorsOf(error: unknown): Promise<FieldErrors | null> {
  if (errorStatus(error) !== 400) return null;
  const body = await errorBody(error);
  return body && !('detail' in body) ? (body as FieldErrors) : null;
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
