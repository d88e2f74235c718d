// A write's mutation hook: TanStack's useMutation on the write kind's key. Its function and cache
// updates are the kind's defaults (setMutationDefaults), so a write restored after a reload runs
// the same; the screen reads the hook's real isPending, isPaused, variables and error.
import {
  type QueryClient,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { installSync, prepareWrite, type WriteKind, watchWrite, writeKey } from '../offline/sync';

/** `input` is what the screen gave `mutate` (its ids as they were at the click). */
export interface WriteOptions<V, R, I = unknown> {
  /** The server took the write: at once online, or whenever a write made offline lands. */
  onSuccess?: (result: R, variables: V, input: I) => void;
  /**
   * Its first failed attempt, or its refusal, whichever comes first, even if the screen that
   * made it has closed since. The write stays queued: sent again, or waiting for the user in the
   * list of changes waiting to sync.
   */
  onFailure?: (error: Error, variables: V, input: I) => void;
}

/** The options of a hook writing `Kind`. */
export type WriteOptionsOf<Kind, I> =
  Kind extends WriteKind<infer V, infer R> ? WriteOptions<V, R, I> : never;

/** useMutation's result, whose `mutate` takes what the screen knows and makes the write's variables. */
export type WriteMutation<I, V, R> = Omit<
  UseMutationResult<R, Error, V>,
  'mutate' | 'mutateAsync'
> & {
  mutate(input: I): void;
};

/**
 * `toVariables` makes the write's variables from the screen's input, reading the cache as it is
 * at the click (the version the change is based on, a temporary id for a create); the variables
 * are saved with the write and sent as they are, whenever the network allows.
 */
export function useWrite<I, V extends object, R>(
  kind: WriteKind<V, R>,
  toVariables: (input: I, queryClient: QueryClient) => V,
  { onSuccess, onFailure }: WriteOptions<V, R, I> = {},
): WriteMutation<I, V, R> {
  const queryClient = useQueryClient();
  installSync(queryClient);
  const mutation = useMutation<R, Error, V>({ mutationKey: writeKey(kind.name) });
  return {
    ...mutation,
    mutate: (input) => {
      const variables = prepareWrite(queryClient, toVariables(input, queryClient));
      watchWrite(queryClient, variables, {
        onSuccess: onSuccess && ((result) => onSuccess(result as R, variables, input)),
        onFailure: onFailure && ((error) => onFailure(error, variables, input)),
      });
      mutation.mutate(variables);
    },
  };
}
