// The 'waiting to sync' marker of a card or row whose change is not on the server yet (issue 16).
import { useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTexts } from '../i18n/store';
import { isQueued, isTransient, subjectOf, type WriteSubject } from './sync';
import { OFFLINE_TEXTS } from './texts';

export type SyncState = 'waiting' | 'refused';

const subjectKey = (kind: WriteSubject['kind'], id: number) => `${kind}:${id}`;

/** Item (`journal:12`, `goal:-170…`) → its queued changes' state; refused wins over waiting. */
export function usePendingItems(): (
  kind: WriteSubject['kind'],
  id: number,
) => SyncState | undefined {
  const entries = useMutationState({
    filters: { predicate: isQueued },
    select: (mutation) => {
      const subject = subjectOf(mutation);
      const refused = mutation.state.status === 'error' && !isTransient(mutation.state.error);
      return subject ? { key: subjectKey(subject.kind, subject.id), refused } : null;
    },
  });
  const states = useMemo(() => {
    const map = new Map<string, SyncState>();
    for (const entry of entries) {
      if (entry === null) continue;
      if (entry.refused) map.set(entry.key, 'refused');
      else if (!map.has(entry.key)) map.set(entry.key, 'waiting');
    }
    return map;
  }, [entries]);
  return (kind, id) => states.get(subjectKey(kind, id));
}

/** A small icon with its words for screen readers (and as a tooltip). */
export function SyncMarker({ state }: { state: SyncState | undefined }) {
  const t = useTexts('offline', OFFLINE_TEXTS);
  if (state === undefined) return null;
  const label = state === 'refused' ? t.refusedMarker : t.waitingMarker;
  return (
    <span className="mb-sync-marker" data-state={state} title={label}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={14}
        height={14}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {state === 'refused' ? (
          <path d="M12 3l10 18H2zM12 10v4M12 17h.01" />
        ) : (
          <path d="M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z" />
        )}
      </svg>
      <span className="mb-visually-hidden">{label}</span>
    </span>
  );
}
