// The hooks screens write with, both TanStack's useMutation: `useWrite` for one write, on the write
// kind's key, whose function and cache updates are the kind's defaults (setMutationDefaults), so a
// write restored after a reload runs the same; `useSave` for a save of several writes.
import {
  type QueryClient,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Enqueue,
  enqueueWrite,
  installSync,
  prepareWrite,
  type WriteKind,
  watchWrite,
  writeKey,
} from '../offline/sync';

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
  installSync(queryClient, [kind]);
  const mutation = useMutation<R, Error, V>({ mutationKey: writeKey(kind.name) });
  return {
    ...mutation,
    mutate: (input) => {
      const variables = prepareWrite(queryClient, kind, toVariables(input, queryClient));
      watchWrite(queryClient, variables, {
        onSuccess: onSuccess && ((result) => onSuccess(result as R, variables, input)),
        onFailure: onFailure && ((error) => onFailure(error, variables, input)),
      });
      mutation.mutate(variables);
    },
  };
}

/** What a save queued: what the screen can show now, and the server's answer to the last step. */
export interface Queued<Shown, R> {
  shown: Shown;
  done: Promise<R>;
}

export interface SaveOptions<I, R> {
  /** The server has every write of the save. */
  onSaved?: (result: R, input: I) => void;
  /** The first failed attempt, or refusal, of any of its writes: told once a save. */
  onFailure?: (error: Error, input: I) => void;
}

/**
 * A save of several writes (an entry with its value and ticks, a month with its habits and
 * measures): TanStack's useMutation whose function queues the writes, each its own mutation as
 * `useWrite`'s are, and answers with what the screen shows at once. So `mutateAsync` resolves
 * offline too, and a dialog closes as soon as its change is on screen; `isPending` holds while it
 * is being queued, which keeps a second Save out. It is no write itself: it is neither saved nor
 * listed with the changes waiting to sync, its writes are.
 */
export function useSave<I, Shown, R>(
  queue: (input: I, write: Enqueue, queryClient: QueryClient) => Promise<Queued<Shown, R>>,
  { onSaved, onFailure }: SaveOptions<I, R> = {},
): UseMutationResult<Shown, Error, I> {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return useMutation<Shown, Error, I>({
    // Queuing needs no network, and is never tried twice: its writes are the ones sent again.
    networkMode: 'always',
    retry: false,
    mutationFn: async (input) => {
      // A failure before the save is on screen is told after: the screen learns it was queued first.
      let told = false;
      let shown = false;
      let early: Error | undefined;
      const tell = (error: Error) => {
        if (told) return;
        if (!shown) early ??= error;
        else {
          told = true;
          onFailure?.(error, input);
        }
      };
      const queued = await queue(
        input,
        (client, kind, variables) => enqueueWrite(client, kind, variables, tell),
        queryClient,
      );
      shown = true;
      if (early) tell(early);
      queued.done.then((result) => onSaved?.(result, input), tell).catch(() => {});
      return queued.shown;
    },
  });
}
