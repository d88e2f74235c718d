// The account key's wraps (private months): the read, storing them once, and replacing either wrap, each written into the cache the server answered.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountKeys,
  CreateAccountKeys,
  PasswordWrap,
  WrappedKeyEnvelope,
} from '../../contract/account-keys';
import {
  createAccountKeys,
  getAccountKeys,
  replacePasswordWrap,
  replaceRecoveryWrap,
} from '../api/account-keys';

/**
 * Not under the months' keys: the saved query cache (offline/query-persistence.ts) keeps those
 * on the device, and whether a password wrap may sit in IndexedDB is for the unlock screens to
 * decide.
 */
export const accountKeyKeys = {
  all: ['account-keys'] as const,
  detail: () => [...accountKeyKeys.all, 'detail'] as const,
};

/** null: the account has no account key yet (no private month). */
export const accountKeysQueryOptions = () =>
  queryOptions({ queryKey: accountKeyKeys.detail(), queryFn: getAccountKeys });

/**
 * A replacement: the wrap, the account's password (the server checks it before replacing), and
 * the version it was based on (If-Match; none: no check).
 */
export interface Replace<Wrap> {
  wrap: Wrap;
  password: string;
  basedOn?: number;
}

/**
 * Each write answers both wraps as stored: they go straight into the cache. A refusal (409: another
 * device stored its wraps first; 412: another replaced one since) reads them again, so the next
 * attempt starts from what the server holds.
 */
function useKeysWrite<Variables>(write: (variables: Variables) => Promise<AccountKeys>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (keys) => queryClient.setQueryData(accountKeyKeys.detail(), keys),
    onError: () => queryClient.invalidateQueries({ queryKey: accountKeyKeys.all }),
  });
}

/** With the first private month: both wraps and the account's password, once per account. */
export function useCreateAccountKeys() {
  return useKeysWrite((body: CreateAccountKeys) => createAccountKeys(body));
}

/** The account key under the current password (after recovery with the recovery key). */
export function useReplacePasswordWrap() {
  return useKeysWrite(({ wrap, password, basedOn }: Replace<PasswordWrap>) =>
    replacePasswordWrap({ password, ...wrap }, basedOn),
  );
}

/** The account key under a new recovery key: the old words stop working. */
export function useReplaceRecoveryWrap() {
  return useKeysWrite(({ wrap, password, basedOn }: Replace<WrappedKeyEnvelope>) =>
    replaceRecoveryWrap({ password, ...wrap }, basedOn),
  );
}
