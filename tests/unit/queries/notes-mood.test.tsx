// Note and mood hooks with MSW: the month's mood switch on create and edit, and an entry's note and
// mood on create and edit (only what changed is sent).
import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { dailyHabitsQueryOptions } from '../../../src/queries/daily';
import {
  journalsQueryOptions,
  useCreateJournal,
  useUpdateJournal,
} from '../../../src/queries/journals';
import { measureKeys } from '../../../src/queries/keys';
import { useEditMonth } from '../../../src/queries/month-edit';
import { useCreateMonth } from '../../../src/queries/months';
import { type MonthFixture, makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { server, setupMswServer } from '../msw/server';
import { whenSynced } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

/** Bodies of the writes to /api/months/ and /api/journals/, as "METHOD path body". */
let writes: string[];
async function record({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  if (request.method === 'GET' || request.method === 'DELETE') return;
  if (pathname.startsWith('/api/months/') || pathname.startsWith('/api/journals/')) {
    writes.push(`${request.method} ${pathname} ${await request.clone().text()}`);
  }
}
beforeEach(() => {
  writes = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

describe('the month’s mood switch', () => {
  it('create: sends mood_enabled only when turned off', async () => {
    const { result } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync({ name: 'On', measure: 'Sleep', habits: [] }));
    await act(() =>
      result.current.mutateAsync({ name: 'Off', measure: 'Sleep', habits: [], moodEnabled: false }),
    );
    expect(writes).toEqual([
      'POST /api/months/ {"name":"On"}',
      'POST /api/months/ {"name":"Off","mood_enabled":false}',
    ]);
  });

  it('edit: PATCHes mood_enabled when it changed, and leaves it out when it did not', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'July', journals: 0, habits: [] }));
    const { result } = renderQueryHook(() => useEditMonth());
    await act(() =>
      result.current.mutateAsync({ monthId: fixture.month.id, name: 'July', moodEnabled: true }),
    );
    // Unchanged (on, as the month is): not sent.
    expect(writes.filter((write) => write.includes('mood_enabled'))).toEqual([]);
    writes = [];
    await act(() =>
      result.current.mutateAsync({ monthId: fixture.month.id, name: 'July', moodEnabled: false }),
    );
    expect(writes).toEqual([
      `PATCH /api/months/${fixture.month.id}/ {"name":"July","mood_enabled":false}`,
    ]);
  });
});

/** The journals page's cache: the month's journals, ticks and measures loaded. */
async function renderOnPage<T>(fixture: MonthFixture, hook: () => T) {
  const id = fixture.month.id;
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(measureKeys.list(id), fixture.measures);
  const rendered = renderQueryHook(
    () => ({
      journals: useQuery(journalsQueryOptions(id)),
      dailyHabits: useQuery(dailyHabitsQueryOptions(id)),
      hook: hook(),
    }),
    queryClient,
  );
  await waitFor(() => expect(rendered.result.current.journals.isSuccess).toBe(true));
  await waitFor(() => expect(rendered.result.current.dailyHabits.isSuccess).toBe(true));
  return rendered;
}

describe('an entry’s note and mood', () => {
  it('create: the journal’s POST carries them when given, and not when not', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: [] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'With',
        createdAt: '2024-01-05',
        metric: 1,
        habits: [],
        note: '**Bold** day',
        mood: 4,
      }),
    );
    await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'Without',
        createdAt: '2024-01-06',
        metric: 1,
        habits: [],
        note: '',
        mood: null,
      }),
    );
    await whenSynced(queryClient);
    const id = fixture.month.id;
    expect(writes.filter((write) => write.startsWith('POST /api/journals/'))).toEqual([
      `POST /api/journals/ {"highlight":"With","month_id":${id},"created_at":"2024-01-05","note":"**Bold** day","mood":4}`,
      `POST /api/journals/ {"highlight":"Without","month_id":${id},"created_at":"2024-01-06"}`,
    ]);
  });

  it('edit: PATCHes only the note or mood that changed, and null clears the mood', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: [] }));
    const journal = fixture.journals[0]!;
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useUpdateJournal(fixture.month.id),
    );
    const edit = (changes: { note?: string; mood?: number | null }) =>
      act(() =>
        result.current.hook.mutateAsync({
          journalId: journal.id,
          highlight: journal.highlight,
          ...changes,
        }),
      );
    await edit({ note: '', mood: null });
    await edit({ note: 'New note', mood: null });
    await whenSynced(queryClient);
    await edit({ note: 'New note', mood: 3 });
    await whenSynced(queryClient);
    await edit({ note: 'New note', mood: null });
    await whenSynced(queryClient);
    expect(writes).toEqual([
      `PATCH /api/journals/${journal.id}/ {"note":"New note"}`,
      `PATCH /api/journals/${journal.id}/ {"mood":3}`,
      `PATCH /api/journals/${journal.id}/ {"mood":null}`,
    ]);
  });
});
