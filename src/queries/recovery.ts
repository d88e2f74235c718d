// The account's email address (read, change, confirm) and the password reset requests, with what each does to the cache and the session.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmail, ResetPassword } from '../../contract/recovery';
import {
  changeEmail,
  checkResetLink,
  confirmEmail,
  getAccountEmail,
  requestPasswordReset,
  resetPassword,
} from '../api/recovery';
import { endSessionHere } from './session';

/** The token of an emailed link, from its fragment (`token=…`); null when missing or malformed. */
export function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

export const recoveryKeys = {
  all: ['account-email'] as const,
  email: () => [...recoveryKeys.all, 'detail'] as const,
};

/**
 * Whether the reset link opened still works, asked once when its page opens. Kept out of the
 * cache once the page closes: the key holds the link's secret.
 */
export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token] as const,
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const accountEmailQueryOptions = () =>
  queryOptions({ queryKey: recoveryKeys.email(), queryFn: getAccountEmail });

/** The answer is the new state (the address now pending): written straight into the cache. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => changeEmail(body),
    onSuccess: (email) => queryClient.setQueryData(recoveryKeys.email(), email),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => confirmEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryKeys.all }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (username: string) => requestPasswordReset({ username }) });
}

/**
 * The server has signed every device out: a session stored on this one is dead too, so it goes
 * with everything cached for it.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResetPassword) => {
      const answer = await resetPassword(body);
      endSessionHere(queryClient);
      return answer;
    },
  });
}
