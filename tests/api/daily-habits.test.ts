// API tests for /api/dailyhabits/: the shared daily-item suite plus is_practiced's own rules.
import { MESSAGES } from '../../contract/rules.js';
import { dailyItemSuite } from '../support/daily-item-suite.js';
import { seedHabit, seedJournal, seedMonth } from '../support/factories.js';
import { injectAs } from '../support/test-app.js';

const context = dailyItemSuite({
  path: '/api/dailyhabits',
  item: 'habit',
  value: { field: 'is_practiced', first: true, second: false },
  extra: { is_skipped: false },
});

describe('is_practiced', () => {
  const setup = async () => {
    const t = context.t();
    const user = context.user();
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const habit = await seedHabit(t, user, month.id);
    const post = (payload: object) =>
      injectAs(t, user, { method: 'POST', url: '/api/dailyhabits/', payload });
    return { journal, habit, post };
  };

  it('defaults to false and accepts the strings DRF accepts', async () => {
    const { journal, habit, post } = await setup();
    const plain = await post({ journal_id: journal.id, habit_id: habit.id });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().is_practiced).toBe(false);
    const fromString = await post({
      journal_id: journal.id,
      habit_id: habit.id,
      is_practiced: 'true',
    });
    expect(fromString.statusCode).toBe(201);
    expect(fromString.json().is_practiced).toBe(true);
  });

  it.each([
    [{ is_practiced: 'often' }, { is_practiced: [MESSAGES.invalidBoolean] }],
    [{ is_practiced: null }, { is_practiced: ['This field may not be null.'] }],
  ])('refuses %j', async (value, errors) => {
    const { journal, habit, post } = await setup();
    const response = await post({ journal_id: journal.id, habit_id: habit.id, ...value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });
});
