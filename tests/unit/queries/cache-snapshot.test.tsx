import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import {
  loadCacheSnapshot,
  parseCacheSnapshot,
  type SnapshotError,
  saveCacheSnapshot,
} from '../../../src/queries/cache-snapshot';
import { goalsQueryOptions } from '../../../src/queries/goals';
import { journalsQueryOptions } from '../../../src/queries/journals';
import { monthsQueryOptions } from '../../../src/queries/months';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

describe('cache snapshots', () => {
  it('round-trips data and failures through JSON, and replays them without a request', async () => {
    const { month, journals } = seedMonth(makeMonthFixture({ journals: 3 }));
    server.use(failing('get', 'api/goals/', 500));
    const source = createTestQueryClient();
    await source.fetchQuery(monthsQueryOptions());
    await source.fetchQuery(journalsQueryOptions(month.id));
    await source.fetchQuery(goalsQueryOptions(month.id)).catch(() => undefined);

    const json = JSON.stringify(saveCacheSnapshot(source));
    requestLog.length = 0;
    const target = createTestQueryClient();
    target.setQueryData(['stale', 'entry'], 1);
    loadCacheSnapshot(target, parseCacheSnapshot(json));

    expect(target.getQueryData(['stale', 'entry'])).toBeUndefined();
    expect(target.getQueryData(monthsQueryOptions().queryKey)).toEqual([month]);
    expect(target.getQueryData(journalsQueryOptions(month.id).queryKey)).toEqual(journals);
    const goals = target.getQueryState(goalsQueryOptions(month.id).queryKey);
    expect(goals?.status).toBe('error');
    const error = goals?.error as SnapshotError | null | undefined;
    expect(error?.status).toBe(500);

    const { result } = renderQueryHook(
      () => useQuery({ ...journalsQueryOptions(month.id), staleTime: 30_000 }),
      target,
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(journals);
    expect(requestLog).toEqual([]);
  });

  it('rejects JSON that is not a snapshot', () => {
    expect(() => parseCacheSnapshot('{"queries": []}')).toThrow('Not a cache snapshot');
    expect(() => parseCacheSnapshot('not json')).toThrow();
  });
});
