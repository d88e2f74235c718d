// API tests for private months: the server stores their wrapped keys and sealed content as sent, and refuses envelopes in plain months.
import { randomBytes } from 'node:crypto';
import type { Journal, Month } from '../../contract/entities.js';
import type { ImportReport } from '../../contract/export.js';
import { MESSAGES } from '../../contract/rules.js';
import type { SealedEnvelope } from '../../contract/sealed.js';
import {
  MONTH_KEY_SET,
  MONTH_STILL_SEALED,
  PRIVATE_MONTH,
  SEALED_ENTRY_MAX_LENGTH,
  SEALED_MESSAGES,
  SEALED_NAME_MAX_LENGTH,
} from '../../contract/sealed-rules.js';
import { searchText } from '../../contract/search-text.js';
import type { YearView } from '../../contract/year.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedMonth, wrappedKey } from '../support/factories.js';
import { createUser, setUpTestApp } from '../support/test-app.js';
import { loopZip } from './importers/files.js';

const { t, user, api } = setUpTestApp();

const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');
/** What the browser sends: a random nonce and `bytes` of ciphertext (tag included). */
const envelope = (bytes = 40): SealedEnvelope => ({
  v: 1,
  nonce: base64url(24),
  ct: base64url(bytes),
});

async function privateMonth(period = '2026-03'): Promise<Month> {
  const response = await api('POST', '/api/months/', {
    name: '',
    month_key: wrappedKey(),
    sealed: envelope(),
    period,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Month>();
}

describe('a private month', () => {
  it('is created with a blank name, and reads back its envelopes exactly', async () => {
    const monthKey = wrappedKey();
    const sealed = envelope();
    const created = await api('POST', '/api/months/', {
      name: '',
      month_key: monthKey,
      sealed,
      period: '2026-03',
    });
    expect(created.statusCode).toBe(201);
    const month = created.json<Month>();
    expect(month).toMatchObject({ name: '', period: '2026-03', month_key: monthKey, sealed });

    const read = await api('GET', `/api/months/${month.id}/`);
    expect(read.json()).toEqual(month);
    expect(JSON.parse(read.body).month_key).toEqual(monthKey);
    expect((await api('GET', '/api/months/')).json()).toEqual([month]);
  });

  it('keeps the name rules of a plain month, which answers without envelopes', async () => {
    const missing = await api('POST', '/api/months/', { period: '2026-03' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ name: [MESSAGES.required] });
    const blank = await api('POST', '/api/months/', { name: '  ' });
    expect(blank.json()).toEqual({ name: [MESSAGES.blank] });

    const plain = await api('POST', '/api/months/', { name: 'March 2026' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).not.toHaveProperty('month_key');
    expect(plain.json()).not.toHaveProperty('sealed');
  });

  it('refuses `sealed` for a plain month, storing nothing', async () => {
    const before = await snapshot(t);
    const response = await api('POST', '/api/months/', { name: 'March', sealed: envelope() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ sealed: [SEALED_MESSAGES.plainMonth] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('turns plain, then private, then plain again, each step with If-Match', async () => {
    const month = (await api('POST', '/api/months/', { name: 'March 2026' })).json<Month>();
    const monthKey = wrappedKey();
    const sealed = envelope();

    const stale = await t.app.inject({
      method: 'PATCH',
      url: `/api/months/${month.id}/`,
      headers: { ...user.headers, 'if-match': '"7"' },
      payload: { month_key: monthKey },
    });
    expect(stale.statusCode).toBe(412);

    const madePrivate = await t.app.inject({
      method: 'PATCH',
      url: `/api/months/${month.id}/`,
      headers: { ...user.headers, 'if-match': `"${month.version}"` },
      payload: { month_key: monthKey, sealed, name: '' },
    });
    expect(madePrivate.statusCode).toBe(200);
    const isPrivate = madePrivate.json<Month>();
    expect(isPrivate).toMatchObject({ name: '', month_key: monthKey, sealed, period: '2026-03' });

    const otherKey = await api('PATCH', `/api/months/${month.id}/`, { month_key: wrappedKey() });
    expect(otherKey.statusCode).toBe(409);
    expect(otherKey.json()).toMatchObject({ code: MONTH_KEY_SET });

    const nameless = await api('PATCH', `/api/months/${month.id}/`, { month_key: null });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual({ name: [SEALED_MESSAGES.nameToMakePlain] });

    const madePlain = await t.app.inject({
      method: 'PATCH',
      url: `/api/months/${month.id}/`,
      headers: { ...user.headers, 'if-match': `"${isPrivate.version}"` },
      payload: { month_key: null, name: 'March 2026' },
    });
    expect(madePlain.statusCode).toBe(200);
    const plain = madePlain.json<Month>();
    expect(plain.name).toBe('March 2026');
    expect(plain).not.toHaveProperty('month_key');
    expect(plain).not.toHaveProperty('sealed');
  });

  it('is made plain only once none of its items is sealed', async () => {
    const month = await privateMonth();
    const goal = await api('POST', '/api/goals/', {
      month_id: month.id,
      name: '',
      sealed: envelope(),
    });
    const refused = await api('PATCH', `/api/months/${month.id}/`, {
      month_key: null,
      name: 'March',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: MONTH_STILL_SEALED });

    const unsealed = await api('PATCH', `/api/goals/${goal.json<{ id: number }>().id}/`, {
      name: 'Run',
      sealed: null,
    });
    expect(unsealed.json()).toMatchObject({ name: 'Run' });
    expect(unsealed.json()).not.toHaveProperty('sealed');
    const plain = await api('PATCH', `/api/months/${month.id}/`, {
      month_key: null,
      name: 'March',
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('items of a private month', () => {
  it('store sealed content with neutral plaintext and read it back exactly', async () => {
    const month = await privateMonth();
    const entrySealed = envelope(300);
    const entry = await api('POST', '/api/journals/', {
      month_id: month.id,
      created_at: '2026-03-02',
      highlight: '',
      note: '',
      mood: null,
      sealed: entrySealed,
    });
    expect(entry.statusCode).toBe(201);
    expect(entry.json()).toMatchObject({
      highlight: '',
      note: '',
      mood: null,
      created_at: '2026-03-02',
      sealed: entrySealed,
    });
    const journal = entry.json<Journal>();

    const sealedOf: Record<string, SealedEnvelope> = {};
    const ids: Record<string, number> = {};
    for (const kind of ['goals', 'habits', 'measures']) {
      sealedOf[kind] = envelope();
      const response = await api('POST', `/api/${kind}/`, {
        month_id: month.id,
        name: '',
        sealed: sealedOf[kind],
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: '', sealed: sealedOf[kind] });
      ids[kind] = response.json<{ id: number }>().id;
    }
    const tick = envelope();
    const ticked = await api('POST', '/api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: ids.habits,
      is_practiced: false,
      sealed: tick,
    });
    expect(ticked.statusCode).toBe(201);
    expect(ticked.json()).toMatchObject({ is_practiced: false, sealed: tick });
    const value = envelope();
    const valued = await api('POST', '/api/dailymeasures/', {
      journal_id: journal.id,
      measure_id: ids.measures,
      metric: 0,
      sealed: value,
    });
    expect(valued.statusCode).toBe(201);
    expect(valued.json()).toMatchObject({ metric: 0, sealed: value });

    expect((await api('GET', `/api/journals/${journal.id}/`)).json()).toEqual(journal);
    for (const kind of ['goals', 'habits', 'measures']) {
      const list = await api('GET', `/api/${kind}/?month=${month.id}`);
      expect(list.json()).toEqual([expect.objectContaining({ sealed: sealedOf[kind] })]);
    }
    const ticks = await api('GET', `/api/dailyhabits/?month=${month.id}`);
    expect(ticks.json()).toEqual([expect.objectContaining({ sealed: tick })]);
    const values = await api('GET', `/api/dailymeasures/?journal=${journal.id}`);
    expect(values.json()).toEqual([expect.objectContaining({ sealed: value })]);
  });

  it('are created with `sealed: null`, their content following in an update', async () => {
    const month = await privateMonth();
    const created = await api('POST', '/api/journals/', {
      month_id: month.id,
      created_at: '2026-03-03',
      highlight: '',
      sealed: null,
    });
    expect(created.statusCode).toBe(201);
    const journal = created.json<Journal>();
    expect(journal).not.toHaveProperty('sealed');

    const sealed = envelope(500);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/journals/${journal.id}/`,
      headers: { ...user.headers, 'if-match': `"${journal.version}"` },
      payload: { highlight: '', note: '', mood: null, sealed },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ highlight: '', sealed });
    expect((await api('GET', `/api/journals/${journal.id}/`)).json()).toMatchObject({ sealed });
    // Its search copy is that of blank text, not '' (unfolded): the next search has nothing to
    // fold, where it would otherwise write every sealed entry again, one by one.
    const row = await t.database.db
      .selectFrom('journals')
      .select('highlight_search')
      .where('id', '=', journal.id)
      .executeTakeFirstOrThrow();
    expect(row.highlight_search).toBe(searchText(''));
  });

  it('drop the plaintext sent beside an envelope', async () => {
    const month = await privateMonth();
    const goal = await api('POST', '/api/goals/', {
      month_id: month.id,
      name: 'Read plainly',
      sealed: envelope(),
    });
    expect(goal.json()).toMatchObject({ name: '' });
  });
});

describe('`sealed` in a plain month', () => {
  it('is refused for every kind, naming the field, and nothing is stored', async () => {
    const month = await seedMonth(t, user, 'March 2026');
    const entry = (
      await api('POST', '/api/journals/', { month_id: month.id, highlight: 'A day' })
    ).json<Journal>();
    const habit = (await api('POST', '/api/habits/', { month_id: month.id, name: 'Walk' })).json<{
      id: number;
    }>();
    const measure = (
      await api('POST', '/api/measures/', { month_id: month.id, name: 'Sleep' })
    ).json<{ id: number }>();
    const before = await snapshot(t);
    const refused = [
      await api('POST', '/api/journals/', { month_id: month.id, highlight: '', sealed: null }),
      await api('POST', '/api/journals/', {
        month_id: month.id,
        highlight: 'x',
        sealed: envelope(),
      }),
      await api('PATCH', `/api/journals/${entry.id}/`, { sealed: envelope() }),
      await api('POST', '/api/goals/', { month_id: month.id, name: '', sealed: envelope() }),
      await api('POST', '/api/habits/', { month_id: month.id, name: '', sealed: envelope() }),
      await api('PATCH', `/api/habits/${habit.id}/`, { sealed: envelope() }),
      await api('PATCH', `/api/measures/${measure.id}/`, { sealed: envelope() }),
      await api('POST', '/api/dailyhabits/', {
        journal_id: entry.id,
        habit_id: habit.id,
        sealed: envelope(),
      }),
      await api('POST', '/api/dailymeasures/', {
        journal_id: entry.id,
        measure_id: measure.id,
        metric: 0,
        sealed: envelope(),
      }),
      await api('PATCH', `/api/months/${month.id}/`, { sealed: envelope() }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ sealed: [SEALED_MESSAGES.plainMonth] });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('keeps the plain rules’ messages', async () => {
    const month = await seedMonth(t, user, 'March 2026');
    const blank = await api('POST', '/api/journals/', { month_id: month.id, highlight: ' ' });
    expect(blank.json()).toEqual({ highlight: [MESSAGES.blank] });
    const missing = await api('POST', '/api/goals/', { month_id: month.id });
    expect(missing.json()).toEqual({ name: [MESSAGES.required] });
    const measure = await api('POST', '/api/measures/', { month_id: month.id, name: '' });
    expect(measure.json()).toEqual({ name: [MESSAGES.blank] });
  });
});

describe('envelopes', () => {
  const malformed: [string, unknown][] = [
    ['a string', 'not an envelope'],
    ['another version', { ...envelope(), v: 2 }],
    ['a short nonce', { ...envelope(), nonce: base64url(12) }],
    ['padding', { ...envelope(), ct: `${base64url(31)}=` }],
    ['no ciphertext', { v: 1, nonce: base64url(24), ct: '' }],
    ['an unknown field', { ...envelope(), extra: 1 }],
    ['a missing field', { v: 1, nonce: base64url(24) }],
    ['an array', [envelope()]],
  ];
  it.each(malformed)('refuses %s with a 400 naming the field', async (_, sealed) => {
    const month = await privateMonth();
    const before = await snapshot(t);
    const response = await api('POST', '/api/goals/', { month_id: month.id, name: '', sealed });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['sealed']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a malformed month key', async () => {
    const response = await api('POST', '/api/months/', {
      name: '',
      month_key: { ...wrappedKey(), ct: base64url(40) },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain('month_key');
  });

  it('takes ciphertext up to each kind’s limit, and refuses it beyond', async () => {
    const month = await privateMonth();
    const atLimit = { ...envelope(), ct: 'A'.repeat(SEALED_NAME_MAX_LENGTH) };
    const goal = await api('POST', '/api/goals/', {
      month_id: month.id,
      name: '',
      sealed: atLimit,
    });
    expect(goal.statusCode).toBe(201);
    const over = { ...envelope(), ct: 'A'.repeat(SEALED_NAME_MAX_LENGTH + 1) };
    const refused = await api('POST', '/api/goals/', {
      month_id: month.id,
      name: '',
      sealed: over,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ sealed: [MESSAGES.maxLength(SEALED_NAME_MAX_LENGTH)] });

    // An entry's envelope holds a whole note: far more than a name's.
    const note = { ...envelope(), ct: 'A'.repeat(SEALED_ENTRY_MAX_LENGTH) };
    const entry = await api('POST', '/api/journals/', {
      month_id: month.id,
      created_at: '2026-03-04',
      highlight: '',
      sealed: note,
    });
    expect(entry.statusCode).toBe(201);
    const tooLong = { ...envelope(), ct: 'A'.repeat(SEALED_ENTRY_MAX_LENGTH + 1) };
    const entryOver = await api('POST', '/api/journals/', {
      month_id: month.id,
      created_at: '2026-03-05',
      highlight: '',
      sealed: tooLong,
    });
    expect(entryOver.statusCode).toBe(400);
    expect(entryOver.json()).toEqual({ sealed: [MESSAGES.maxLength(SEALED_ENTRY_MAX_LENGTH)] });
  });

  it('holds a sealed note of 20,000 characters of any script', () => {
    // 20,000 characters of 3 UTF-8 bytes each, the highlight's 255 too, in JSON, then sealed.
    const plaintext = JSON.stringify({ highlight: '語'.repeat(255), note: '語'.repeat(20_000) });
    const sealedLength = Math.ceil(((Buffer.byteLength(plaintext) + 16) * 4) / 3);
    expect(sealedLength).toBeLessThanOrEqual(SEALED_ENTRY_MAX_LENGTH);
  });
});

describe('another user', () => {
  it('can neither read nor write a private month’s rows: 404 as for any other row', async () => {
    const month = await privateMonth();
    const goal = (
      await api('POST', '/api/goals/', { month_id: month.id, name: '', sealed: envelope() })
    ).json<{ id: number }>();
    const other = await createUser(t);
    const before = await snapshot(t);
    const answers = [
      await api('GET', `/api/months/${month.id}/`, undefined, other),
      await api('GET', `/api/goals/${goal.id}/`, undefined, other),
      await api('PATCH', `/api/months/${month.id}/`, { month_key: null, name: 'x' }, other),
      await api('PATCH', `/api/months/${month.id}/`, { sealed: envelope() }, other),
      await api('PATCH', `/api/goals/${goal.id}/`, { sealed: envelope() }, other),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: MESSAGES.notFound });
    }
    const create = await api(
      'POST',
      '/api/goals/',
      { month_id: month.id, name: '', sealed: envelope() },
      other,
    );
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({ month_id: [MESSAGES.invalidPk(month.id)] });
    expect(await api('GET', '/api/goals/', undefined, other).then((r) => r.json())).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('what needs plaintext', () => {
  it('search never finds a private month’s entries, sealed or not yet', async () => {
    const plain = await api('POST', '/api/months/', { name: 'March 2026' });
    const plainEntry = await api('POST', '/api/journals/', {
      month_id: plain.json<Month>().id,
      highlight: 'Walked by the lighthouse',
      created_at: '2026-03-01',
    });
    const month = await privateMonth();
    // Being sealed item by item: this one still holds its text.
    await api('POST', '/api/journals/', {
      month_id: month.id,
      highlight: 'Lighthouse again',
      created_at: '2026-03-02',
      sealed: null,
    });
    const found = await api('GET', '/api/journals/?search=lighthouse');
    expect(found.statusCode).toBe(200);
    expect(found.json<Journal[]>().map((hit) => hit.id)).toEqual([plainEntry.json<Journal>().id]);
    const inMonth = await api('GET', `/api/journals/?search=lighthouse&month=${month.id}`);
    expect(inMonth.json()).toEqual([]);
  });

  it('a private month’s CSV and stats answer 409; a plain one’s still answer', async () => {
    const month = await privateMonth();
    for (const url of [`/api/months/${month.id}/export.csv`, `/api/months/${month.id}/stats/`]) {
      const response = await api('GET', url);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: SEALED_MESSAGES.privateMonth,
        code: PRIVATE_MONTH,
      });
    }
    const plain = await seedMonth(t, user, 'March 2026');
    expect((await api('GET', `/api/months/${plain.id}/export.csv`)).statusCode).toBe(200);
    expect((await api('GET', `/api/months/${plain.id}/stats/`)).statusCode).toBe(200);
    // Someone else's private month is missing, as any other row of theirs.
    const other = await createUser(t);
    const missing = await api('GET', `/api/months/${month.id}/stats/`, undefined, other);
    expect(missing.statusCode).toBe(404);
  });

  it('the JSON export leaves a private month out, so the file imports back', async () => {
    const month = await privateMonth();
    await api('POST', '/api/habits/', { month_id: month.id, name: '', sealed: envelope() });
    await seedMonth(t, user, 'March 2026');

    const exported = await api('GET', '/api/export/');
    expect(exported.statusCode).toBe(200);
    const file = exported.json<{ months: { name: string }[] }>();
    expect(file.months.map((row) => row.name)).toEqual(['March 2026']);

    const other = await createUser(t);
    const imported = await api('POST', '/api/import/', file, other);
    expect(imported.statusCode).toBe(201);
    expect(imported.json<ImportReport>().months.map((row) => row.name)).toEqual(['March 2026']);
  });

  it('the year view lists a private month and counts it in no figure', async () => {
    const plain = (await api('POST', '/api/months/', { name: 'March 2026' })).json<Month>();
    const plainEntry = await api('POST', '/api/journals/', {
      month_id: plain.id,
      highlight: 'A day',
      created_at: '2026-03-01',
      mood: 4,
    });
    expect(plainEntry.statusCode).toBe(201);
    await api('POST', '/api/habits/', { month_id: plain.id, name: 'Walk' });
    const month = await privateMonth('2026-04');
    const entry = await api('POST', '/api/journals/', {
      month_id: month.id,
      highlight: '',
      created_at: '2026-04-02',
      sealed: envelope(),
    });
    expect(entry.statusCode).toBe(201);
    await api('POST', '/api/habits/', { month_id: month.id, name: '', sealed: envelope() });

    const year = await api('GET', '/api/years/2026/');
    expect(year.statusCode).toBe(200);
    const view = year.json<YearView>();
    expect(view.months).toEqual([
      { id: plain.id, name: 'March 2026', period: '2026-03' },
      { id: month.id, name: '', period: '2026-04', private: true },
    ]);
    expect(view.days.map((day) => day.date)).toEqual(['2026-03-01']);
    expect(view.habits.map((habit) => habit.name)).toEqual(['Walk']);
  });
});

describe('another app’s history', () => {
  it('is never merged into a private month of the same period', async () => {
    const month = await privateMonth('2025-04');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/import/?lang=en',
      headers: { ...user.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(loopZip()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<ImportReport>().merged_months).toEqual([]);
    expect((await api('GET', `/api/habits/?month=${month.id}`)).json()).toEqual([]);
    expect((await api('GET', `/api/journals/?month=${month.id}`)).json()).toEqual([]);
    const periods = (await api('GET', '/api/months/')).json<Month[]>().map((m) => m.period);
    expect(periods.filter((period) => period === '2025-04')).toHaveLength(2);
  });
});

describe('the bin', () => {
  it('restores a private month with its key and envelopes, under the same ids', async () => {
    const month = await privateMonth();
    const sealed = envelope(120);
    const entry = (
      await api('POST', '/api/journals/', {
        month_id: month.id,
        highlight: '',
        created_at: '2026-03-02',
        sealed,
      })
    ).json<Journal>();
    expect((await api('DELETE', `/api/months/${month.id}/`)).statusCode).toBe(204);
    const restored = await api('POST', `/api/months/${month.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect((await api('GET', `/api/months/${month.id}/`)).json()).toMatchObject({
      month_key: month.month_key,
      sealed: month.sealed,
    });
    expect((await api('GET', `/api/journals/${entry.id}/`)).json()).toMatchObject({ sealed });
  });
});
