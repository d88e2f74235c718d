// Account settings: changing the password (this session keeps going on the new tokens) and deleting the account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '../../contract/account';
import type { FieldErrors } from '../../contract/entities';
import { changePassword, deleteAccount } from '../api/account';
import { storeTokens } from '../api/tokens';
import { accountKeyKeys } from './account-keys';
import { errorBody, errorStatus } from './errors';
import { endSessionHere } from './session';

/** The server's field messages of a 400 (e.g. a wrong current password), or null. */
export async function fieldErrorsOf(error: unknown): Promise<FieldErrors | null> {
  if (errorStatus(error) !== 400) return null;
  const body = await errorBody(error);
  return body && !('detail' in body) ? (body as FieldErrors) : null;
}

/**
 * Other sessions lose their refresh tokens; this one stores the new pair the server answers. A
 * change carrying the account key's new password wrap (`by_password`) moved the stored wraps too:
 * they are read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePassword): Promise<void> => {
      storeTokens(await changePassword(body));
    },
    onSuccess: async (_done, body) => {
      if (body.by_password) await queryClient.invalidateQueries({ queryKey: accountKeyKeys.all });
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
