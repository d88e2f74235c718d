// Account settings: changing the password (this session keeps going on the new tokens, the account key re-wrapped), checking it, and deleting the account.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '../../contract/account';
import type { PasswordWrap } from '../../contract/account-keys';
import type { FieldErrors } from '../../contract/entities';
import { changePassword, checkPassword, deleteAccount } from '../api/account';
import { storeTokens } from '../api/tokens';
import { accountKeyKeys, accountKeysQueryOptions } from './account-keys';
import { errorBody, errorStatus } from './errors';
import { endSessionHere } from './session';

/** The server's field messages of a 400 (e.g. a wrong current password), or null. */
export async function fieldErrorsOf(error: unknown): Promise<FieldErrors | null> {
  if (errorStatus(error) !== 400) return null;
  const body = await errorBody(error);
  return body && !('detail' in body) ? (body as FieldErrors) : null;
}

/**
 * Opens the account key of private months with the current password and wraps it under the new
 * one, with a fresh salt; null when the current password does not open it. The screen passes it
 * in: it loads the crypto on demand, which this layer does not import.
 */
export type RewrapAccountKey = (
  wrap: PasswordWrap,
  currentPassword: string,
  newPassword: string,
) => Promise<PasswordWrap | null>;

/**
 * The account key under the new password, for an account that has one (none: undefined). Read
 * afresh, not from the cache: another device may have replaced the wrap since this page read it.
 * A wrap the typed password does not open sends no new wrap: the password is wrong (the server
 * says so, as for any account), or the wrap is still under an older password (a reset by email
 * leaves it so) and must not stop the change; the old wrap then stays, opened by the old password
 * or the recovery key.
 */
async function newPasswordWrap(
  queryClient: QueryClient,
  body: ChangePassword,
  rewrap: RewrapAccountKey,
): Promise<PasswordWrap | undefined> {
  const keys = await queryClient.fetchQuery({ ...accountKeysQueryOptions(), staleTime: 0 });
  if (!keys) return undefined;
  return (await rewrap(keys.by_password, body.current_password, body.new_password)) ?? undefined;
}

/**
 * Other sessions lose their refresh tokens; this one stores the new pair the server answers. With
 * `rewrap`, an account with private months sends its account key wrapped under the new password
 * (`by_password`), stored with the password so private months open with it; the stored wraps
 * moved, and are read again.
 */
export function useChangePassword(rewrap?: RewrapAccountKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePassword): Promise<{ rewrapped: boolean }> => {
      const wrap =
        body.by_password ?? (rewrap ? await newPasswordWrap(queryClient, body, rewrap) : undefined);
      storeTokens(await changePassword(wrap ? { ...body, by_password: wrap } : body));
      return { rewrapped: wrap !== undefined };
    },
    onSuccess: async ({ rewrapped }) => {
      if (rewrapped) await queryClient.invalidateQueries({ queryKey: accountKeyKeys.all });
    },
  });
}

/** Whether `password` is the account's, changing nothing: a wrong one is a 400 under `password`. */
export function useCheckPassword() {
  return useMutation({ mutationFn: (password: string) => checkPassword({ password }) });
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
