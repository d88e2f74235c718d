// The navbar's list of changes waiting to sync: one row per entry or goal, saying what was done to it.
import { screen, within } from '@testing-library/react';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { renderRoute, signIn } from '../routes/render-route';

setupMswServer();
restoreOnlineAfterEach();

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the list of changes waiting to sync', () => {
  it('names the entry and what was done to it, one row per entry or goal', async () => {
    // One entry on 1 Jan 2024, Stretch ticked and Read not; a goal Swim.
    const { month } = seedMonth(
      makeMonthFixture({ journals: 1, habits: ['Stretch', 'Read'], goals: ['Swim'] }),
    );
    const { user } = renderRoute(`/months/${month.id}/journals`);
    const read = await screen.findByRole('checkbox', { name: 'Read' }, { timeout: 15_000 });
    setBrowserOnline(false);

    await user.click(read);
    await user.click(screen.getByRole('checkbox', { name: 'Stretch' }));
    await user.click(screen.getByRole('checkbox', { name: 'Swim' }));
    const status = await screen.findByRole('button', { name: OFFLINE_TEXTS.waiting(3) });
    await user.click(status);

    const panel = document.getElementById(status.getAttribute('aria-controls') ?? '');
    const rows = within(panel as HTMLElement).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Entry of Jan 1: ticked Read, unticked Stretch',
      'Goal “Swim”: ticked',
    ]);
    expect(screen.queryByText(/of an entry/)).toBeNull();
  }, 20_000);
});
