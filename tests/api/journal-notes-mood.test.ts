// API tests for an entry's note and mood and the month's mood switch: fields, limits, bad input,
// scoping, search, CSV, export round trip.
import type { Journal, Month } from '../../contract/entities.js';
import type { ExportFile } from '../../contract/export.js';
import { MESSAGES, NOTE_MAX_LENGTH } from '../../contract/rules.js';
import type { MonthStats } from '../../contract/stats.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { createUser, setUpTestApp, usingPostgres } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const NOTE = '# Long run\n\nFelt **great**: see [the route](https://example.com/route).\n\n- 10 km';

describe(`journal note and mood (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('creates an entry with a note and a mood, and reads them back in detail and list', async () => {
    const month = await seedMonth(t, user);
    const created = await api('POST', '/api/journals/', {
      highlight: 'Ran',
      month_id: month.id,
      note: NOTE,
      mood: 4,
    });
    expect(created.statusCode).toBe(201);
    const journal = created.json<Journal>();
    expect(journal).toMatchObject({ highlight: 'Ran', note: NOTE, mood: 4 });

    expect((await api('GET', `/api/journals/${journal.id}/`)).json()).toEqual(journal);
    expect((await api('GET', `/api/journals/?month=${month.id}`)).json()).toEqual([journal]);
  });

  it('defaults to no note and no mood for a client that sends neither (the spec’s body)', async () => {
    const month = await seedMonth(t, user);
    const response = await api('POST', '/api/journals/', {
      highlight: 'Plain',
      month_id: month.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ highlight: 'Plain', note: '', mood: null });
  });

  it('changes, keeps and clears them on PATCH', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'Day');

    const set = await api('PATCH', `/api/journals/${journal.id}/`, { note: 'A note', mood: 2 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ highlight: 'Day', note: 'A note', mood: 2 });

    // A PATCH without them leaves them alone.
    const rename = await api('PATCH', `/api/journals/${journal.id}/`, { highlight: 'Renamed' });
    expect(rename.json()).toMatchObject({ highlight: 'Renamed', note: 'A note', mood: 2 });

    const cleared = await api('PATCH', `/api/journals/${journal.id}/`, { note: '', mood: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ note: '', mood: null });
  });

  it('takes a note of exactly 20,000 characters (accents and emoji count as characters)', async () => {
    const month = await seedMonth(t, user);
    const note = `é${'x'.repeat(NOTE_MAX_LENGTH - 2)}!`;
    const response = await api('POST', '/api/journals/', {
      highlight: 'Long',
      month_id: month.id,
      note,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Journal>().note).toHaveLength(NOTE_MAX_LENGTH);
  });

  it.each([
    [
      'a note over 20,000 characters',
      { note: 'x'.repeat(NOTE_MAX_LENGTH + 1) },
      'note',
      MESSAGES.maxLength(NOTE_MAX_LENGTH),
    ],
    ['a mood of 0', { mood: 0 }, 'mood', MESSAGES.minValue(1)],
    ['a mood of 6', { mood: 6 }, 'mood', MESSAGES.maxValue(5)],
    ['a mood of 2.5', { mood: 2.5 }, 'mood', MESSAGES.invalidInteger],
    ['a mood as text', { mood: 'good' }, 'mood', MESSAGES.invalidInteger],
    ['a note with a lone surrogate', { note: 'ok \ud800 not' }, 'note', MESSAGES.invalidString],
    ['a note with a NUL character', { note: 'a\u0000b' }, 'note', null],
    ['a note that is not text', { note: ['x'] }, 'note', MESSAGES.invalidString],
  ])(
    'refuses %s with 400 naming the field, on create and on change, changing nothing',
    async (_name, fields, field, message) => {
      const month = await seedMonth(t, user);
      const journal = await seedJournal(t, user, month.id, 'Kept');
      const before = await snapshot(t);

      const created = await api('POST', '/api/journals/', {
        highlight: 'New',
        month_id: month.id,
        ...fields,
      });
      const changed = await api('PATCH', `/api/journals/${journal.id}/`, fields);

      for (const response of [created, changed]) {
        expect(response.statusCode).toBe(400);
        const body = response.json<Record<string, string[]>>();
        expect(Object.keys(body)).toEqual([field]);
        if (message) expect(body[field]).toEqual([message]);
      }
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('never shows or changes another user’s note (404)', async () => {
    const month = await seedMonth(t, user);
    const created = await api('POST', '/api/journals/', {
      highlight: 'Mine',
      month_id: month.id,
      note: 'secret word zebra',
      mood: 5,
    });
    const journal = created.json<Journal>();
    const stranger = await createUser(t);

    expect((await api('GET', `/api/journals/${journal.id}/`, undefined, stranger)).statusCode).toBe(
      404,
    );
    const edit = await api(
      'PATCH',
      `/api/journals/${journal.id}/`,
      { note: 'hacked', mood: 1 },
      stranger,
    );
    expect(edit.statusCode).toBe(404);
    const search = await api('GET', '/api/journals/?search=zebra', undefined, stranger);
    expect(search.json()).toEqual([]);
    expect((await api('GET', `/api/journals/${journal.id}/`)).json()).toMatchObject({
      note: 'secret word zebra',
      mood: 5,
    });
  });

  it('search finds a word of the note, folded, and follows a changed note', async () => {
    const month = await seedMonth(t, user, 'March');
    const created = await api('POST', '/api/journals/', {
      highlight: 'A walk',
      month_id: month.id,
      note: 'Saw a **Pelicano** by the café',
    });
    const journal = created.json<Journal>();
    await seedJournal(t, user, month.id, 'Nothing here');
    const ids = async (search: string) =>
      (await api('GET', `/api/journals/?search=${encodeURIComponent(search)}`))
        .json<Journal[]>()
        .map((hit) => hit.id);

    expect(await ids('pelicano')).toEqual([journal.id]);
    expect(await ids('CAFE walk')).toEqual([journal.id]);
    const hit = (await api('GET', '/api/journals/?search=pelicano')).json<Journal[]>()[0];
    expect(hit).toMatchObject({ note: 'Saw a **Pelicano** by the café', month_name: 'March' });

    // The note alone changes: the search follows it (folded at the next search).
    await api('PATCH', `/api/journals/${journal.id}/`, { note: 'Saw a heron' });
    expect(await ids('pelicano')).toEqual([]);
    expect(await ids('heron')).toEqual([journal.id]);
    expect(await ids('walk heron')).toEqual([journal.id]);
    // The highlight alone changes: the note is still found.
    await api('PATCH', `/api/journals/${journal.id}/`, { highlight: 'A swim' });
    expect(await ids('swim heron')).toEqual([journal.id]);
    expect(await ids('walk')).toEqual([]);
    // Both at once.
    await api('PATCH', `/api/journals/${journal.id}/`, { highlight: 'A run', note: 'Fox' });
    expect(await ids('run fox')).toEqual([journal.id]);
    // A word never spans the highlight and the note.
    expect(await ids('runfox')).toEqual([]);
  });
});

describe('month mood switch', () => {
  it('is on by default, can be turned off on create and on PATCH, and is read back', async () => {
    const plain = await api('POST', '/api/months/', { name: 'Plain' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ name: 'Plain', mood_enabled: true });

    const off = await api('POST', '/api/months/', { name: 'No mood', mood_enabled: false });
    const month = off.json<Month>();
    expect(month.mood_enabled).toBe(false);
    expect((await api('GET', `/api/months/${month.id}/`)).json()).toMatchObject({
      mood_enabled: false,
    });

    const on = await api('PATCH', `/api/months/${month.id}/`, { mood_enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ name: 'No mood', mood_enabled: true });
    const renamed = await api('PATCH', `/api/months/${month.id}/`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', mood_enabled: true });
  });

  it('refuses a switch that is not a boolean, changing nothing', async () => {
    const month = await seedMonth(t, user);
    const before = await snapshot(t);
    for (const value of ['no', null, 3]) {
      const response = await api('PATCH', `/api/months/${month.id}/`, { mood_enabled: value });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['mood_enabled']);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('CSV and export', () => {
  it('the month CSV ends with mood and note columns', async () => {
    const month = await seedMonth(t, user, 'June');
    await api('POST', '/api/journals/', {
      highlight: 'First',
      month_id: month.id,
      created_at: '2024-06-01',
      note: '- list item\nsecond "line"',
      mood: 3,
    });
    await api('POST', '/api/journals/', {
      highlight: 'Second',
      month_id: month.id,
      created_at: '2024-06-02',
    });
    const csv = await api('GET', `/api/months/${month.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      '\uFEFF' +
        [
          'date,highlight,mood,note',
          // A note starting as a formula would ('-') is guarded like any text.
          `2024-06-01,First,3,"'- list item\nsecond ""line"""`,
          '2024-06-02,Second,,',
          '',
        ].join('\r\n'),
    );
  });

  it('export → delete → import gives the same file, notes, moods and switch included', async () => {
    const month = await api('POST', '/api/months/', { name: 'Moody', mood_enabled: false });
    const other = await api('POST', '/api/months/', { name: 'Plain' });
    const monthId = month.json<Month>().id;
    await api('POST', '/api/journals/', {
      highlight: 'With all',
      month_id: monthId,
      created_at: '2024-05-01',
      note: 'Line one\n\n> quoted 😀',
      mood: 1,
    });
    await api('POST', '/api/journals/', {
      highlight: 'Bare',
      month_id: monthId,
      created_at: '2024-05-02',
    });
    await api('POST', '/api/journals/', {
      highlight: 'Mood only',
      month_id: other.json<Month>().id,
      created_at: '2024-05-03',
      mood: 5,
    });

    const exported = (await api('GET', '/api/export/')).json<ExportFile>();
    expect(exported.version).toBe(2);
    expect(exported.months[0]).toMatchObject({ name: 'Moody', mood_enabled: false });
    expect(exported.months[1]).not.toHaveProperty('mood_enabled');
    expect(exported.months[0]!.journals[0]).toMatchObject({
      note: 'Line one\n\n> quoted 😀',
      mood: 1,
    });
    // Defaults are left out: the bare entry looks as it did in version 1.
    expect(exported.months[0]!.journals[1]).not.toHaveProperty('note');
    expect(exported.months[0]!.journals[1]).not.toHaveProperty('mood');

    for (const m of (await api('GET', '/api/months/')).json<Month[]>()) {
      expect((await api('DELETE', `/api/months/${m.id}/`)).statusCode).toBe(204);
    }
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(exported),
    });
    expect(imported.statusCode).toBe(201);

    const again = (await api('GET', '/api/export/')).json<ExportFile>();
    const { exported_at: _a, ...first } = exported;
    const { exported_at: _b, ...second } = again;
    expect(second).toEqual(first);
    // And the imported note is searchable.
    const hits = (await api('GET', '/api/journals/?search=quoted')).json<Journal[]>();
    expect(hits.map((hit) => hit.highlight)).toEqual(['With all']);
  });

  it('a version 1 file with stray note and mood fields imports them as nothing', async () => {
    const file = {
      format: 'monthbook-export',
      version: 1,
      exported_at: '2024-01-01T00:00:00.000Z',
      months: [
        {
          name: 'Old',
          mood_enabled: false,
          habits: [],
          measures: [],
          goals: [],
          journals: [
            {
              created_at: '2024-01-01',
              highlight: 'Old entry',
              note: 'ignored',
              mood: 9,
              daily_habits: [],
              daily_measures: [],
            },
          ],
        },
      ],
    };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
    expect(imported.statusCode).toBe(201);
    const [month] = (await api('GET', '/api/months/')).json<Month[]>();
    expect(month).toMatchObject({ name: 'Old', mood_enabled: true });
    const journals = (await api('GET', `/api/journals/?month=${month!.id}`)).json<Journal[]>();
    expect(journals).toEqual([expect.objectContaining({ note: '', mood: null })]);
  });

  it('refuses a version 2 file with a mood out of range, importing nothing', async () => {
    const before = await snapshot(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        format: 'monthbook-export',
        version: 2,
        exported_at: '',
        months: [
          {
            name: 'M',
            habits: [],
            measures: [],
            goals: [],
            journals: [
              {
                created_at: '2024-01-01',
                highlight: 'x',
                mood: 6,
                daily_habits: [],
                daily_measures: [],
              },
            ],
          },
        ],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'months[0].journals[0].mood: must be at most 5',
      code: 'invalid_import',
      path: 'months[0].journals[0].mood',
    });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('month stats: mood by day', () => {
  it('charts each day’s mean mood, leaving out days without one, and says whether mood is on', async () => {
    const month = await api('POST', '/api/months/', { name: 'Stats' });
    const monthId = month.json<Month>().id;
    const write = (created_at: string, mood?: number) =>
      api('POST', '/api/journals/', {
        highlight: `Day ${created_at}`,
        month_id: monthId,
        created_at,
        ...(mood === undefined ? {} : { mood }),
      });
    await write('2024-05-02', 5);
    await write('2024-05-01', 2);
    await write('2024-05-02', 2);
    await write('2024-05-03');

    const stats = await api('GET', `/api/months/${monthId}/stats/`);
    expect(stats.statusCode).toBe(200);
    const body = stats.json<MonthStats>();
    expect(body.mood).toEqual([
      { date: '2024-05-01', value: 2, count: 1 },
      { date: '2024-05-02', value: 3.5, count: 2 },
    ]);
    expect(body.mood_enabled).toBe(true);
    // The entries keep the shape they had.
    expect(Object.keys(body.entries[0]!).sort()).toEqual(['created_at', 'id']);

    await api('PATCH', `/api/months/${monthId}/`, { mood_enabled: false });
    const off = (await api('GET', `/api/months/${monthId}/stats/`)).json<MonthStats>();
    expect(off.mood_enabled).toBe(false);
  });
});
