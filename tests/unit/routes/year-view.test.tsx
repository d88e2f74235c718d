// /years/{year}: loading then the year (months, pixels, habits), its empty and error states, and a
// bad year.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { YearView } from '../../../contract/year';
import { failing } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderRoute, signIn } from './render-route';

setupMswServer();

beforeEach(() => {
  signIn();
});

const view: YearView = {
  year: 2026,
  months: [{ id: 7, name: 'March 2026', period: '2026-03' }],
  truncated: false,
  days: [{ date: '2026-03-02', entries: 1, mood: 4, habits_done: 1, habits_total: 2 }],
  habits: [{ name: 'Read', done: 1, total: 2, rate: 0.5, months: 1 }],
  measures: [],
};

describe('/years/$year', () => {
  it('shows the months, the year in pixels and each habit’s rate', async () => {
    server.use(http.get(apiUrl('api/years/2026/'), () => HttpResponse.json(view)));
    const { user } = renderRoute('/years/2026');
    expect(await screen.findByRole('heading', { level: 1, name: '2026 at a glance' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'March 2026' })).toBeTruthy();
    const pixels = screen.getByRole('table', { name: 'Year in pixels' });
    const day = pixels.querySelector('[data-date="2026-03-02"]');
    expect(day?.getAttribute('data-mood')).toBe('4');
    expect(pixels.querySelectorAll('[data-entry]')).toHaveLength(1);
    // 365 days of 2026, one square each.
    expect(pixels.querySelectorAll('[data-date]')).toHaveLength(365);
    await user.click(screen.getByRole('button', { name: 'Habits done' }));
    expect(day?.getAttribute('data-level')).toBe('2');
    expect(day?.getAttribute('data-mood')).toBeNull();
    expect(screen.getByText('1 of 2 days done (50%)')).toBeTruthy();
    expect(screen.getByText('No measure has values this year.')).toBeTruthy();
    expect(within(pixels).getAllByText(/^entry, 1 of 2 habits$/)).toHaveLength(1);
  });

  it('counts an N-a-week habit in weeks, as its month at a glance does', async () => {
    const weekly: YearView = {
      ...view,
      habits: [{ name: 'Read', done: 1, total: 2, rate: 5 / 6, months: 1, unit: 'weeks' }],
    };
    server.use(http.get(apiUrl('api/years/2026/'), () => HttpResponse.json(weekly)));
    renderRoute('/years/2026');
    expect(await screen.findByText('1 of 2 weeks met (83%)')).toBeTruthy();
  });

  it('explains an empty year', async () => {
    server.use(
      http.get(apiUrl('api/years/2031/'), () =>
        HttpResponse.json({ ...view, year: 2031, months: [], days: [], habits: [] }),
      ),
    );
    renderRoute('/years/2031');
    expect(await screen.findByText(/No month has a calendar month in 2031 yet/)).toBeTruthy();
  });

  it('says when the year cannot be loaded, with a retry', async () => {
    server.use(failing('get', 'api/years/2026/'));
    renderRoute('/years/2026');
    expect(
      await screen.findByText('The year could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('answers a year that does not parse as not found, without a request', async () => {
    renderRoute('/years/20x6');
    expect(await screen.findByText(/not found/i)).toBeTruthy();
  });
});
