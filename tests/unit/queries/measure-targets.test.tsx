// Hooks of several measures: creating a month with units, targets and more measures; Edit month's
// measure changes.
import { act } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useEditMonth } from '../../../src/queries/month-edit';
import { useCreateMonth } from '../../../src/queries/months';
import { makeMeasure, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { refusedWrites, whenSynced } from './sync-helpers';
import { renderQueryHook } from './wrapper';

setupMswServer();

/** Bodies of the writes to /api/measures/…, as "METHOD path body". */
let writes: string[];
async function record({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET' && pathname.startsWith('/api/measures/')) {
    const body = request.method === 'DELETE' ? '' : ` ${await request.clone().text()}`;
    writes.push(`${request.method} ${pathname}${body}`);
  }
}
beforeEach(() => {
  writes = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

const none = { unit: null, target: null, target_direction: null };

describe('useCreateMonth with several measures', () => {
  it('creates the first measure with its set fields only, then the others in order', async () => {
    const { result, queryClient } = renderQueryHook(() => useCreateMonth());
    await act(() =>
      result.current.mutateAsync({
        name: 'May',
        measure: 'Sleep',
        habits: ['Read'],
        measureTarget: { unit: 'h', target: 7, target_direction: 'at_least' },
        moreMeasures: [
          { name: 'Coffee', unit: null, target: 2, target_direction: 'at_most' },
          { name: 'Mood', ...none },
        ],
      }),
    );
    await whenSynced(queryClient);
    const month = db.months.find((m) => m.name === 'May')!;
    expect(writes).toEqual([
      `POST /api/measures/ {"name":"Sleep","month_id":${month.id},"unit":"h","target":7,"target_direction":"at_least"}`,
      `POST /api/measures/ {"name":"Coffee","month_id":${month.id},"target":2,"target_direction":"at_most"}`,
      `POST /api/measures/ {"name":"Mood","month_id":${month.id}}`,
    ]);
  });

  it('keeps the new month when a later measure is refused, and shows that measure refused', async () => {
    const { result, queryClient } = renderQueryHook(() => useCreateMonth());
    // The first measure is created (the shared handler); the second is refused.
    let posts = 0;
    server.use(
      http.post(apiUrl('api/measures/'), () => {
        posts += 1;
        return posts >= 2 ? HttpResponse.json({ detail: 'Refused' }, { status: 400 }) : undefined;
      }),
    );
    await act(() =>
      result.current.mutateAsync({
        name: 'June',
        measure: 'Sleep',
        habits: [],
        moreMeasures: [{ name: 'Coffee', ...none }],
      }),
    );
    await whenSynced(queryClient);
    expect(db.months.map((m) => m.name)).toEqual(['June']);
    expect(refusedWrites(queryClient)).toEqual([{ name: 'measure.create', message: 'Refused' }]);
    expect(requestLog.some((line) => line.startsWith('DELETE'))).toBe(false);
  });
});

describe('useEditMonth’s measures', () => {
  it('sends only what changed: a PATCH per changed measure, a DELETE per removed one, a POST per new one', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'July', journals: 0, habits: [] }));
    const first = fixture.measures[0]!;
    const coffee = makeMeasure(fixture.month, {
      name: 'Coffee',
      unit: 'cups',
      target: 2,
      target_direction: 'at_most',
    });
    const steps = makeMeasure(fixture.month, { name: 'Steps' });
    const same = makeMeasure(fixture.month, { name: 'Same', unit: 'km' });
    db.measures.push(coffee, steps, same);
    const { result, queryClient } = renderQueryHook(() => useEditMonth());

    await act(() =>
      result.current.mutateAsync({
        monthId: fixture.month.id,
        name: 'July',
        measure: { id: first.id, name: first.name },
        measureTarget: { unit: 'h', target: null, target_direction: null },
        moreMeasures: [
          // Its target cleared: the direction goes with it on the server.
          { id: coffee.id, name: 'Coffee', unit: 'cups', target: null, target_direction: null },
          { id: same.id, name: 'Same', unit: 'km', target: null, target_direction: null },
          { id: null, name: 'Water', unit: 'l', target: 2, target_direction: 'at_least' },
        ],
        removedMeasures: [steps.id],
      }),
    );
    await whenSynced(queryClient);

    expect(writes).toEqual([
      `PATCH /api/measures/${first.id}/ {"unit":"h"}`,
      `DELETE /api/measures/${steps.id}/`,
      `PATCH /api/measures/${coffee.id}/ {"target":null}`,
      `POST /api/measures/ {"name":"Water","month_id":${fixture.month.id},"unit":"l","target":2,"target_direction":"at_least"}`,
    ]);
  });
});
