// A private month in the in-memory db, sealed as the browser would seal it, with the keys that open it.
import type { Goal, Journal, Month } from '../../../contract/entities';
import { generateKey, wrapMonthKey } from '../../../src/crypto/keys';
import { sealFields } from '../../../src/crypto/month-content';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from './db';

export const accountKey = generateKey();
export const monthKey = generateKey();

/** A month seeded as the browser would seal it: its name, entries and goals in envelopes. */
export function seedPrivateMonth() {
  const fixture = seedMonth(makeMonthFixture({ name: 'Secret March', journals: 2 }));
  const month = db.months.find((row) => row.id === fixture.month.id) as Month;
  Object.assign(month, {
    month_key: wrapMonthKey(monthKey, accountKey, month.id),
    sealed: sealFields(monthKey, 'month', month.id, { name: 'Secret March' }),
    name: '',
  });
  for (const journal of db.journals.filter((row) => row.month_id === month.id) as Journal[]) {
    const content = { highlight: `Canary ${journal.id}`, note: 'Only mine', mood: 4 };
    Object.assign(journal, {
      sealed: sealFields(monthKey, 'entry', journal.id, content),
      highlight: '',
      note: '',
      mood: null,
    });
  }
  for (const goal of db.goals.filter((row) => row.month_id === month.id) as Goal[])
    Object.assign(goal, {
      sealed: sealFields(monthKey, 'goal', goal.id, { name: 'Hidden goal', is_completed: true }),
      name: '',
      is_completed: false,
    });
  return month.id;
}
