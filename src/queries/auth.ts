// Login, registration and logout, and what each does to the stored session and the cache.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../contract/requests';
import { blacklistRefreshToken, obtainTokens, registerUser } from '../api/auth';
import { getRefreshToken, storeTokens } from '../api/tokens';
import { endSessionHere } from './session';

export interface LoginResult {
  /** Opens the months: has paid, or paid before (a subscription that ended reads, read-only). */
  hasPaid: boolean;
}

/**
 * Stores the tokens, then asks for the payment status (paid → /months, else /subscribe:
 * docs/product-rules.md section 4). A failed status check counts as unpaid, as on /months
 * (docs/product-rules.md section 8), rather than as a failed login.
 */
/**
 * While the password is typed: the worker that opens private months after the login started and
 * its WebAssembly compiled (src/crypto/password-key.ts), so the unlock waits for Argon2id alone.
 */
export function warmUnlock(): void {
  import('../crypto/password-key')
    .then((passwordKey) => passwordKey.warmPasswordKey())
    .catch(() => {});
}

export function useLogin() {
  const queryClient = useQueryClient();
  const paymentStatus = async (): Promise<LoginResult> => {
    try {
      // Loaded here: the billing API (and the signed-in client it uses) stays out of /login's load.
      const { paymentStatusQueryOptions, readsMonths } = await import('./billing');
      const status = await queryClient.fetchQuery(paymentStatusQueryOptions());
      // Someone whose subscription ended goes to their months too: they read them, and renew there.
      return { hasPaid: readsMonths(status) };
    } catch (error) {
      console.error('Payment status check failed', error);
      return { hasPaid: false };
    }
  };
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<LoginResult> => {
      const tokens = await obtainTokens(credentials);
      // Nothing cached for a previous user may show to this one. Unsent changes leave memory too:
      // the protected area restores them from the device if this is the same user (their session
      // had expired), and deletes them unread if not (src/offline/query-persistence.ts).
      queryClient.removeQueries();
      const mutations = queryClient.getMutationCache();
      for (const write of mutations.findAll({ mutationKey: ['write'] })) mutations.remove(write);
      storeTokens(tokens);
      const result = await paymentStatus();
      // Started once the way on is known, and not awaited: the navigation never waits for
      // Argon2id, and a failure here leaves private months locked, never the login failed.
      import('./account-key-session')
        .then((session) => session.openAfterLogin(queryClient, credentials.password))
        .catch((error: unknown) => console.error('Could not open the private months', error));
      return result;
    },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (credentials: Credentials) => registerUser(credentials) });
}

/** Revokes the refresh token if the server can be reached, and always ends the session locally. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      const refresh = getRefreshToken();
      // Loaded only here: push code stays out of the pages that log in.
      if (refresh !== null) await (await import('./reminders')).forgetDevicePush();
      try {
        if (refresh !== null) await blacklistRefreshToken(refresh);
      } catch (error) {
        console.error('Could not revoke the refresh token', error);
      }
      endSessionHere(queryClient);
    },
  });
}
