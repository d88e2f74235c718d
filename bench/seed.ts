// Seeds one user's year through the public API: 12 months with a calendar period, each 31 entries with a Markdown note, a mood, two measures and 5 habits.
export interface Seeded {
  /** The account's, for a login through the form. */
  username: string;
  password: string;
  access: string;
  refresh: string;
  /** January: the month the journals page figures are measured on. */
  monthId: number;
  journalId: number;
  /** The year of the months' periods: `/years/{year}` shows all twelve. */
  year: number;
  months: number;
}

/** The seeded months' first measure: the label of its field in the journal modal. */
export const MEASURE_NAME = 'Hours of sleep';
export const SECOND_MEASURE_NAME = 'Weight';
export const SEEDED_YEAR = 2026;
export const SEEDED_MONTHS = 12;
/** Entries per month: one a day, the longer months' length, so a year holds "12 months of 31 entries". */
export const ENTRIES_PER_MONTH = 31;
const HABITS = ['Run', 'Read', 'Meditate', 'No sugar', 'Sleep by 11'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A note of a few Markdown lines, some long enough to start collapsed on the card. */
function noteFor(day: number): string {
  const lines = [
    `**Morning**: coffee on the balcony, ${day % 2 === 0 ? 'rain' : 'sun'}.`,
    '- walked to the river',
    '- read two chapters',
    `Thought of the day: [a link](https://example.com/day/${day}) worth keeping.`,
  ];
  if (day % 3 === 0)
    lines.push(
      '',
      'A longer paragraph, as people write on a quiet evening: what went well, what did not, ' +
        'and what to try tomorrow. '.repeat(4),
    );
  return lines.join('\n');
}

export async function seed(url: string): Promise<Seeded> {
  const call = async <T>(path: string, body: unknown, access?: string): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(access ? { authorization: `Bearer ${access}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const text = await response.text();
      throw new Error(`seeding: POST ${path} answered ${response.status} ${text.slice(0, 200)}`);
    }
    return (await response.json()) as T;
  };

  const credentials = { username: `bencher${Date.now()}`, password: 'Bench@Mark2025' };
  await call('/api/user/register/', credentials);
  const { access, refresh } = await call<{ access: string; refresh: string }>(
    '/api/token/',
    credentials,
  );
  const post = <T>(path: string, body: unknown) => call<T & { id: number }>(path, body, access);

  let januaryId = 0;
  let journalId = 0;
  for (const [index, name] of MONTH_NAMES.slice(0, SEEDED_MONTHS).entries()) {
    const monthNumber = index + 1;
    const period = `${SEEDED_YEAR}-${String(monthNumber).padStart(2, '0')}`;
    const month = await post('/api/months/', { name: `${name} ${SEEDED_YEAR}`, period });
    if (index === 0) januaryId = month.id;
    const habits = [];
    for (const habit of HABITS)
      habits.push(await post('/api/habits/', { name: habit, month_id: month.id }));
    const sleep = await post('/api/measures/', {
      name: MEASURE_NAME,
      month_id: month.id,
      unit: 'h',
      target: 8,
      target_direction: 'at_least',
    });
    const weight = await post('/api/measures/', {
      name: SECOND_MEASURE_NAME,
      month_id: month.id,
      unit: 'kg',
    });
    if (index === 0) {
      for (const goal of ['Finish the book', 'Run 100 km', 'Call grandma']) {
        await post('/api/goals/', { name: goal, month_id: month.id });
      }
    }
    const daysInMonth = new Date(Date.UTC(SEEDED_YEAR, monthNumber, 0)).getUTCDate();
    for (let entry = 1; entry <= ENTRIES_PER_MONTH; entry += 1) {
      // A shorter month's extra entries fall on its last day.
      const day = Math.min(entry, daysInMonth);
      const journal = await post('/api/journals/', {
        highlight: `Day ${entry}: a walk by the river and a long talk with an old friend.`,
        month_id: month.id,
        created_at: `${period}-${String(day).padStart(2, '0')}`,
        note: noteFor(entry),
        mood: 1 + ((entry + index) % 5),
      });
      if (index === 0) journalId = journal.id;
      // An entry's measures and ticks are independent rows: sent side by side.
      await Promise.all([
        post('/api/dailymeasures/', {
          journal_id: journal.id,
          measure_id: sleep.id,
          metric: 6 + (entry % 4) * 0.5,
        }),
        post('/api/dailymeasures/', {
          journal_id: journal.id,
          measure_id: weight.id,
          metric: 70 + (entry % 7) * 0.2,
        }),
        ...habits.map((habit, habitIndex) => {
          const done = (entry + habitIndex) % 3 !== 0;
          return post('/api/dailyhabits/', {
            journal_id: journal.id,
            habit_id: habit.id,
            is_practiced: done,
            // Some of the days not done are planned rest days.
            is_skipped: !done && (entry + habitIndex) % 2 === 0,
          });
        }),
      ]);
    }
  }
  return {
    ...credentials,
    access,
    refresh,
    monthId: januaryId,
    journalId,
    year: SEEDED_YEAR,
    months: SEEDED_MONTHS,
  };
}
