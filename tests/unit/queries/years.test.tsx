// The year view's read: one request per year under ['years', year], and its error.
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { YearView } from '../../../contract/year';
import { yearKeys, yearQueryOptions } from '../../../src/queries/years';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderQueryHook } from './wrapper';

setupMswServer();

const yearView = (year: number): YearView => ({
  year,
  months: [{ id: 7, name: `March ${year}`, period: `${year}-03` }],
  truncated: false,
  days: [{ date: `${year}-03-02`, entries: 1, mood: 4, habits_done: 1, habits_total: 2 }],
  habits: [{ name: 'Read', done: 1, total: 2, rate: 0.5, months: 1 }],
  measures: [
    { name: 'Pages', unit: null, points: [{ period: `${year}-03`, value: 12, count: 1 }] },
  ],
});

describe('yearQueryOptions', () => {
  it('reads one year in one request, under its own key', async () => {
    server.use(
      http.get(apiUrl('api/years/:year/'), ({ params }) =>
        HttpResponse.json(yearView(Number(params.year))),
      ),
    );
    const { result } = renderQueryHook(() => useQuery(yearQueryOptions(2026)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requestLog).toEqual(['GET /api/years/2026/']);
    expect(yearQueryOptions(2026).queryKey).toEqual(yearKeys.year(2026));
    expect(result.current.data?.days[0]?.mood).toBe(4);
  });

  it('surfaces a failed read as an error', async () => {
    server.use(failing('get', 'api/years/2026/'));
    const { result } = renderQueryHook(() => useQuery({ ...yearQueryOptions(2026), retry: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
