import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SyncMarker } from '../../../src/components/sync/sync-marker';
import { enqueueWrite } from '../../../src/offline/sync';
import { journalCreate } from '../../../src/queries/journals';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { createTestQueryClient } from '../queries/wrapper';

restoreOnlineAfterEach();

const renders = new Map<string, number>();

/** A card with its marker, counting its own renders. */
function Card({ kind, id }: { kind: 'journal' | 'goal'; id: number }) {
  renders.set(`${kind} ${id}`, (renders.get(`${kind} ${id}`) ?? 0) + 1);
  return (
    <article data-testid={`${kind} ${id}`}>
      <SyncMarker kind={kind} id={id} />
    </article>
  );
}

const marker = (testId: string) =>
  screen.getByTestId(testId).querySelector('.mb-sync-marker')?.getAttribute('data-state') ?? null;

describe('the waiting-to-sync markers', () => {
  it('mark the item whose change waits, and redraw no card, theirs nor another', async () => {
    renders.clear();
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Card kind="journal" id={-5} />
        <Card kind="journal" id={7} />
        <Card kind="goal" id={-5} />
      </QueryClientProvider>,
    );
    setBrowserOnline(false);
    act(() => {
      void enqueueWrite(queryClient, journalCreate, {
        monthId: 1,
        tempId: -5,
        body: { month_id: 1, highlight: 'On the train', created_at: '2026-05-04' },
        key: 'create-on-the-train',
      }).catch(() => undefined);
    });

    await waitFor(() => expect(marker('journal -5')).toBe('waiting'));
    expect(screen.getByTestId('journal -5')).toHaveTextContent('Waiting to sync');
    expect(marker('journal 7')).toBeNull();
    expect(marker('goal -5')).toBeNull();
    // Each card drawn once, when mounted: only the marker that changed redrew.
    expect(Object.fromEntries(renders)).toEqual({ 'journal -5': 1, 'journal 7': 1, 'goal -5': 1 });
  });
});
