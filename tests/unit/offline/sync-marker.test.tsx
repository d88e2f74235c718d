import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { enqueueWrite } from '../../../src/offline/sync';
import { usePendingItems, usePendingState } from '../../../src/offline/sync-marker';
import { journalCreate } from '../../../src/queries/writes';
import { createTestQueryClient } from '../queries/wrapper';
import { restoreOnlineAfterEach, setBrowserOnline } from './offline-support';

restoreOnlineAfterEach();

const renders = new Map<string, number>();

function Card({ id }: { id: number }) {
  const state = usePendingState('journal', id);
  renders.set(`card ${id}`, (renders.get(`card ${id}`) ?? 0) + 1);
  return <p data-testid={`card ${id}`}>{state ?? 'saved'}</p>;
}

function List({ kind }: { kind: 'journal' | 'goal' }) {
  const pending = usePendingItems(kind);
  renders.set(`${kind} list`, (renders.get(`${kind} list`) ?? 0) + 1);
  return (
    <p
      data-testid={`${kind} list`}
    >{`${pending.get(-5) ?? 'saved'}, ${pending.get(7) ?? 'saved'}`}</p>
  );
}

describe('the waiting-to-sync markers', () => {
  it('mark the item whose change waits, and redraw no other item', async () => {
    renders.clear();
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <Card id={-5} />
        <Card id={7} />
        <List kind="journal" />
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

    await waitFor(() => expect(screen.getByTestId('card -5')).toHaveTextContent('waiting'));
    expect(screen.getByTestId('journal list')).toHaveTextContent('waiting, saved');
    expect(screen.getByTestId('card 7')).toHaveTextContent('saved');
    // Drawn once, when mounted: the change queued for another entry did not redraw it.
    expect(renders.get('card 7')).toBe(1);
  });

  it('redraw a list only when one of its kind’s items changes', async () => {
    renders.clear();
    const queryClient = createTestQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <List kind="goal" />
        <Card id={-5} />
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
    await waitFor(() => expect(screen.getByTestId('card -5')).toHaveTextContent('waiting'));
    // An entry's change: the goals' states are the same, and their list was drawn once.
    expect(screen.getByTestId('goal list')).toHaveTextContent('saved, saved');
    expect(renders.get('goal list')).toBe(1);
  });
});
