import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { makeJournal, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderRoute, signIn } from './render-route';

setupMswServer();

beforeEach(() => signIn());

function answerStatus(status: { has_paid: boolean; lapsed?: boolean }) {
  server.use(http.get(apiUrl('api/check-payment-status'), () => HttpResponse.json(status)));
}

describe('a subscription that ended', () => {
  it('keeps the months readable, with the notice, Renew and the whole navbar', async () => {
    db.months.push(makeMonth({ name: 'March 2026' }));
    answerStatus({ has_paid: false, lapsed: true });

    const view = renderRoute('/months');

    await screen.findByRole('link', { name: 'March 2026' }, { timeout: 15_000 });
    expect(await screen.findByText('Your subscription has ended')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/subscribe');
    expect(view.pathname()).toBe('/months');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Months' })).toBeVisible();
    expect(nav.queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });

  it('opened straight on a month’s page (its address, a reload): the entries, then the notice', async () => {
    const month = makeMonth({ name: 'March 2026' });
    db.months.push(month);
    db.journals.push(makeJournal(month, { highlight: 'Coffee by the window' }));
    answerStatus({ has_paid: false, lapsed: true });

    renderRoute(`/months/${month.id}/journals`);

    await screen.findByText('Coffee by the window', undefined, { timeout: 15_000 });
    expect(await screen.findByText('Your subscription has ended')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/subscribe');
  });

  it('shows no notice to a paying user', async () => {
    db.months.push(makeMonth({ name: 'March 2026' }));

    renderRoute('/months');

    await screen.findByRole('link', { name: 'March 2026' }, { timeout: 15_000 });
    expect(screen.queryByText('Your subscription has ended')).toBeNull();
  });

  it('still sends someone who never paid to the plans', async () => {
    answerStatus({ has_paid: false });

    const view = renderRoute('/months');

    await waitFor(() => expect(view.pathname()).toBe('/subscribe'), { timeout: 15_000 });
    expect(screen.queryByText('Your subscription has ended')).toBeNull();
  });
});
