import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { habitsQueryOptions } from '../../../src/queries/habits';
import { measuresQueryOptions } from '../../../src/queries/measures';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { renderQueryHook } from './wrapper';

setupMswServer();

describe('habitsQueryOptions', () => {
  it("lists the month's habits in order with ?month=", async () => {
    const { month, habits } = seedMonth(makeMonthFixture({ habits: ['Read', 'Walk', 'Yoga'] }));
    seedMonth(makeMonthFixture({ habits: ['Other'] }));
    const { result } = renderQueryHook(() => useQuery(habitsQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(habits);
    expect(requestLog).toEqual([`GET /api/habits/?month=${month.id}`]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/habits/', 402));
    const { result } = renderQueryHook(() => useQuery(habitsQueryOptions(1)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('measuresQueryOptions', () => {
  it("lists the month's measures with ?month=", async () => {
    const { month, measures } = seedMonth(makeMonthFixture());
    seedMonth(makeMonthFixture());
    const { result } = renderQueryHook(() => useQuery(measuresQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(measures);
    expect(requestLog).toEqual([`GET /api/measures/?month=${month.id}`]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/measures/', 500));
    const { result } = renderQueryHook(() => useQuery(measuresQueryOptions(1)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
