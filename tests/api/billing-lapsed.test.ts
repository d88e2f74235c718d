// The paywall for someone whose subscription ended: their journal stays readable (reads, search, export), writes answer 402.
import { describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_ENDED_MESSAGES,
} from '../../contract/billing-messages.js';
import { MESSAGES } from '../../contract/rules.js';
import { seedFullMonth, seedJournal } from '../support/factories.js';
import { injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user, api } = setUpTestApp({ BILLING: 'local' });

/** A subscription that was live and has ended, through the path Stripe's events take. */
async function lapse(who: TestUser): Promise<void> {
  const { fulfilment } = t.app.billing;
  await fulfilment.apply(who.id, { subscription: { id: `sub_${who.id}`, status: 'active' } });
  await fulfilment.apply(who.id, { subscription: { id: `sub_${who.id}`, status: 'canceled' } });
}

async function status(who: TestUser = user) {
  const response = await api('GET', '/api/check-payment-status', undefined, who);
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

/** Every read a month's page, search and export make, for the month `monthId` and its journal. */
const reads = (monthId: number, journalId: number) => [
  '/api/months/',
  `/api/months/${monthId}/`,
  `/api/journals/?month=${monthId}`,
  `/api/journals/${journalId}/`,
  `/api/journals/?search=${encodeURIComponent('window')}`,
  `/api/goals/?month=${monthId}`,
  `/api/habits/?month=${monthId}`,
  `/api/measures/?month=${monthId}`,
  `/api/dailyhabits/?month=${monthId}`,
  `/api/dailymeasures/?month=${monthId}`,
  `/api/months/${monthId}/stats/`,
  '/api/years/2026/',
  '/api/trash/',
  '/api/account/reminders/',
  '/api/export/',
  `/api/months/${monthId}/export.csv`,
];

async function seeded() {
  const month = await seedFullMonth(t, user);
  const journal = await seedJournal(t, user, month.month.id, 'Coffee by the window');
  return { month, journal };
}

describe('a lapsed subscriber', () => {
  it('is told apart from one who never paid by the payment status', async () => {
    await lapse(user);
    expect(await status()).toEqual({ has_paid: false, lapsed: true });
  });

  it('reads every month, entry, search result and export', async () => {
    const { month, journal } = await seeded();
    await lapse(user);

    for (const url of reads(month.month.id, month.journal.id)) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(200);
    }
    const list = await api('GET', `/api/journals/?month=${month.month.id}`);
    expect(list.json<{ id: number }[]>().map((j) => j.id)).toEqual(
      expect.arrayContaining([month.journal.id, journal.id]),
    );
    const found = await api('GET', `/api/journals/?search=window`);
    expect(found.json()).toEqual([expect.objectContaining({ highlight: 'Coffee by the window' })]);
    const file = await api('GET', '/api/export/');
    expect(file.json<{ months: { name: string }[] }>().months.map((m) => m.name)).toEqual([
      month.month.name,
    ]);
  });

  it('cannot write: POST, PATCH and DELETE answer 402 and change nothing', async () => {
    const { month } = await seeded();
    await lapse(user);
    const before = await api('GET', `/api/goals/?month=${month.month.id}`);
    const monthsBefore = await api('GET', '/api/months/');

    const writes = [
      await api('POST', '/api/months/', { name: 'February' }),
      await api('POST', '/api/journals/', { highlight: 'New', month_id: month.month.id }),
      await api('PATCH', `/api/goals/${month.goal.id}/`, { is_completed: true }),
      await api('PATCH', `/api/months/${month.month.id}/`, { name: 'Renamed' }),
      await api('DELETE', `/api/journals/delete/${month.journal.id}/`),
      await api('DELETE', `/api/months/delete/${month.month.id}/`),
      await injectAs(t, user, {
        method: 'PUT',
        url: '/api/account/reminders/',
        payload: { time: null },
      }),
    ];

    for (const response of writes) {
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({
        detail: SUBSCRIPTION_ENDED_MESSAGES.subscriptionEnded,
        code: SUBSCRIPTION_ENDED,
      });
    }
    expect((await api('GET', `/api/goals/?month=${month.month.id}`)).json()).toEqual(before.json());
    expect((await api('GET', '/api/months/')).json()).toEqual(monthsBefore.json());
  });

  it('writes again once renewed', async () => {
    await lapse(user);
    await t.app.billing.fulfilment.apply(user.id, { paidOnce: true });

    expect(await status()).toEqual({ has_paid: true });
    expect((await api('POST', '/api/months/', { name: 'March' })).statusCode).toBe(201);
  });
});

describe('a user who never paid', () => {
  it('is refused reads and writes, and the status says only has_paid', async () => {
    const { month } = await seeded();

    expect(await status()).toEqual({ has_paid: false });
    for (const url of reads(month.month.id, month.journal.id)) {
      // Export was never behind the paywall: anyone signed in can take their data out.
      if (url.includes('export')) continue;
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(402);
      expect(response.json()).toEqual({ detail: MESSAGES.paymentRequired });
    }
    const write = await api('POST', '/api/months/', { name: 'February' });
    expect(write.statusCode).toBe(402);
    expect(write.json()).toEqual({ detail: MESSAGES.paymentRequired });
  });
});

describe('a paying user', () => {
  it('reads and writes', async () => {
    await t.app.billing.fulfilment.apply(user.id, {
      subscription: { id: `sub_${user.id}`, status: 'active' },
    });

    expect(await status()).toEqual({ has_paid: true });
    expect((await api('GET', '/api/months/')).statusCode).toBe(200);
    expect((await api('POST', '/api/months/', { name: 'April' })).statusCode).toBe(201);
  });
});
