// useMonthTemplate: a month's measures and habits, read on demand through the usual queries.
import { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { habitKeys, measureKeys } from '../../../src/queries/keys';
import { type MonthTemplate, useMonthTemplate } from '../../../src/queries/month-template';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { renderQueryHook } from './wrapper';

setupMswServer();

const names = (template: MonthTemplate) => ({
  measures: template.measures.map((measure) => measure.name),
  habits: template.habits.map((habit) => habit.name),
});

describe('useMonthTemplate', () => {
  it('reads nothing until asked, then the habits and measures of that month', async () => {
    const { month } = seedMonth(makeMonthFixture({ habits: ['Read', 'Walk', 'Yoga'] }));
    seedMonth(makeMonthFixture({ habits: ['Other'] }));
    const { result, queryClient } = renderQueryHook(() => useMonthTemplate());
    expect(requestLog).toEqual([]);

    const template = await act(() => result.current.mutateAsync(month.id));

    expect(names(template)).toEqual({
      measures: ['Sleep hours'],
      habits: ['Read', 'Walk', 'Yoga'],
    });
    expect([...requestLog].sort()).toEqual([
      `GET /api/habits/?month=${month.id}`,
      `GET /api/measures/?month=${month.id}`,
    ]);
    // Cached under the month's usual keys, for its journals page.
    expect(queryClient.getQueryData(habitKeys.list(month.id))).toHaveLength(3);
  });

  it('answers from fresh cache without a request', async () => {
    const fixture = makeMonthFixture({ habits: ['Read'] });
    // The app's freshness (query-client.ts): reads younger than 30 s are fresh.
    const fresh = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const { result, queryClient } = renderQueryHook(() => useMonthTemplate(), fresh);
    queryClient.setQueryData(habitKeys.list(fixture.month.id), fixture.habits);
    queryClient.setQueryData(measureKeys.list(fixture.month.id), fixture.measures);
    const template = await act(() => result.current.mutateAsync(fixture.month.id));
    expect(names(template)).toEqual({ measures: ['Sleep hours'], habits: ['Read'] });
    expect(requestLog).toEqual([]);
  });

  it('gives an empty measure for a month without one', async () => {
    const fixture = makeMonthFixture({ habits: [] });
    seedMonth({ ...fixture, measures: [] });
    const { result } = renderQueryHook(() => useMonthTemplate());
    const template = await act(() => result.current.mutateAsync(fixture.month.id));
    expect(template).toEqual({ measures: [], habits: [] });
  });

  it('fails when a read fails', async () => {
    const { month } = seedMonth(makeMonthFixture());
    server.use(failing('get', 'api/habits/', 500));
    const { result } = renderQueryHook(() => useMonthTemplate());
    act(() => result.current.mutate(month.id));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
