// Seeds one user's month through the public API: 5 habits, a measure, goals, 31 days of entries.
export interface Seeded {
  access: string;
  refresh: string;
  monthId: number;
  journalId: number;
}

/** The seeded month's measure: the label of its field in the journal modal. */
export const MEASURE_NAME = 'Hours of sleep';
const HABITS = ['Run', 'Read', 'Meditate', 'No sugar', 'Sleep by 11'];
const DAYS = 31;

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

  const month = await post('/api/months/', { name: 'January' });
  const habits = [];
  for (const name of HABITS) habits.push(await post('/api/habits/', { name, month_id: month.id }));
  const measure = await post('/api/measures/', { name: MEASURE_NAME, month_id: month.id });
  for (const name of ['Finish the book', 'Run 100 km', 'Call grandma']) {
    await post('/api/goals/', { name, month_id: month.id });
  }
  let journalId = 0;
  for (let day = 1; day <= DAYS; day += 1) {
    const journal = await post('/api/journals/', {
      highlight: `Day ${day}: a walk by the river and a long talk with an old friend.`,
      month_id: month.id,
    });
    journalId = journal.id;
    await post('/api/dailymeasures/', {
      journal_id: journal.id,
      measure_id: measure.id,
      metric: 6 + (day % 4) * 0.5,
    });
    for (const [index, habit] of habits.entries()) {
      await post('/api/dailyhabits/', {
        journal_id: journal.id,
        habit_id: habit.id,
        is_practiced: (day + index) % 3 !== 0,
      });
    }
  }
  return { access, refresh, monthId: month.id, journalId };
}
