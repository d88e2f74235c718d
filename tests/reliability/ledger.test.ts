// The ledger's check itself: it must notice a lost, invented, stale or duplicated row, and accept unknown outcomes.
import { type DailyRecord, type DatabaseRows, Ledger, type Outcome } from '../support/ledger.js';

function ledgerWithOneEntry(created: Outcome = 'acked') {
  const ledger = new Ledger();
  ledger.accounts.set(1, { userId: 1, monthId: 10, habitIds: [20], measureId: 30 });
  ledger.journals.set('j1', {
    highlight: 'j1',
    authorId: 1,
    monthId: 10,
    id: created === 'acked' ? 100 : null,
    created,
    deleted: 'no',
  });
  const habit: DailyRecord<boolean> = {
    journalHighlight: 'j1',
    parentId: 20,
    id: 200,
    created: 'acked',
    possible: new Set([true]),
  };
  const measure: DailyRecord<number> = {
    journalHighlight: 'j1',
    parentId: 30,
    id: 300,
    created: 'acked',
    possible: new Set([7.5]),
  };
  ledger.dailyHabits.set('j1:20', habit);
  ledger.dailyMeasures.set('j1', measure);
  return { ledger, habit, measure };
}

function rows(): DatabaseRows {
  return {
    months: [{ id: 10, author_id: 1 }],
    habits: [{ id: 20, month_id: 10 }],
    measures: [{ id: 30, month_id: 10 }],
    journals: [{ id: 100, author_id: 1, month_id: 10, highlight: 'j1' }],
    daily_habits: [{ id: 200, journal_id: 100, habit_id: 20, is_practiced: 1 }],
    daily_measures: [{ id: 300, journal_id: 100, measure_id: 30, metric: 7.5 }],
  };
}

it('accepts a database holding exactly what was acknowledged', () => {
  const { ledger } = ledgerWithOneEntry();
  expect(ledger.verify(rows())).toEqual({ problems: [], confirmed: 3, unknownPresent: 0 });
});

it('reports a lost journal, daily habit or daily measure', () => {
  const { ledger } = ledgerWithOneEntry();
  const lostItems = { ...rows(), daily_habits: [], daily_measures: [] };
  expect(ledger.verify(lostItems).problems).toEqual([
    'acknowledged daily habit 200 (j1:20) is missing',
    'acknowledged daily measure 300 (j1) is missing',
  ]);
  const lostJournal = { ...rows(), journals: [], daily_habits: [], daily_measures: [] };
  expect(ledger.verify(lostJournal).problems).toEqual(['acknowledged journal 100 "j1" is missing']);
});

it('reports rows nobody asked for, and rows of requests that never reached the server', () => {
  const { ledger } = ledgerWithOneEntry();
  const invented = rows();
  invented.journals.push({ id: 101, author_id: 1, month_id: 10, highlight: 'ghost' });
  expect(ledger.verify(invented).problems).toEqual(['journal 101 "ghost" was never requested']);

  const refused = ledgerWithOneEntry('refused').ledger;
  expect(refused.verify(rows()).problems).toContain(
    'journal "j1" exists but never reached the server',
  );
});

it('reports a value other than the last acknowledged one, and a duplicated item', () => {
  const { ledger } = ledgerWithOneEntry();
  const stale = rows();
  stale.daily_habits[0]!.is_practiced = 0;
  stale.daily_measures.push({ id: 301, journal_id: 100, measure_id: 30, metric: 7.5 });
  expect(ledger.verify(stale).problems).toEqual([
    'daily habit 200 holds false, acknowledged true',
    'daily measure j1 exists twice',
    'daily measure j1 has id 301, acknowledged as 300',
  ]);
});

it('accepts either state for writes of unknown outcome, and reports a row after an acknowledged delete', () => {
  const { ledger, habit } = ledgerWithOneEntry('unknown');
  habit.possible.add(false);
  const flipped = rows();
  flipped.daily_habits[0]!.is_practiced = 0;
  expect(ledger.verify(flipped)).toEqual({ problems: [], confirmed: 2, unknownPresent: 1 });
  expect(
    ledger.verify({ ...rows(), journals: [], daily_habits: [], daily_measures: [] }).problems,
  ).toEqual([]);

  const deleted = ledgerWithOneEntry().ledger;
  deleted.journals.get('j1')!.deleted = 'yes';
  expect(deleted.verify(rows()).problems).toEqual([
    'journal 100 exists after an acknowledged delete',
  ]);
});
