// A later export of the same app adds only what is new: a new Loop habit's ticks and a new Health type's values on days imported before join those days' entries, nothing doubles, and days imported before ticks had keys of their own still import once.
import { createHash } from 'node:crypto';
import type { ImportReport } from '../../contract/export.js';
import { HABITS_PER_MONTH, MEASURES_PER_MONTH, QUOTA_EXCEEDED } from '../../contract/quotas.js';
import { snapshot } from '../support/db-snapshot.js';
import { setUpTestApp } from '../support/test-app.js';
import { healthXml, LOOP_HABITS, loopZip, record, zip } from './importers/files.js';

const { t, user, api } = setUpTestApp();

const send = (body: Uint8Array | string, query = '?lang=en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/import/${query}`,
    headers: {
      ...user.headers,
      'content-type': typeof body === 'string' ? 'application/xml' : 'application/zip',
    },
    payload: Buffer.from(body),
  });
const importBytes = async (body: Uint8Array | string, query = '?lang=en') => {
  const sent = await send(body, query);
  expect(sent.statusCode).toBe(query.includes('dry_run') ? 200 : 201);
  return sent.json<ImportReport>();
};

/** A later Loop export: the same habits, and Stretch, started since, ticked on days already imported and one more. */
const laterLoopZip = () =>
  zip({
    'Habits.csv': `${LOOP_HABITS}004,Stretch,,,1,1,#000000\n`,
    '001 Gym/Checkmarks.csv':
      'Date,Value,Notes\n2025-04-02,YES_MANUAL,Legs day\n2025-04-01,SKIP,\n2025-03-31,NO,\n2025-03-30,YES_AUTO,\n',
    '002 Read/Checkmarks.csv': '2025-04-02,2\n2025-04-01,0\n2025-03-31,-1\n',
    '003 Water/Checkmarks.csv': '2025-04-02,2500\n2025-04-01,1750\n',
    '004 Stretch/Checkmarks.csv': '2025-04-03,2\n2025-04-02,2\n2025-04-01,0\n',
  });

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const BODY_MASS = 'HKQuantityTypeIdentifierBodyMass';
const steps = [
  record(STEPS, '2025-05-01 08:00:00 +0100', '1000'),
  record(STEPS, '2025-05-02 08:00:00 +0100', '2000'),
];
const firstHealth = () => healthXml(steps.join('\n'));
/** A later Health export: the same steps, and body mass tracked since the second day. */
const laterHealth = () =>
  healthXml(
    [
      ...steps,
      record(BODY_MASS, '2025-05-02 07:00:00 +0100', '80.5', { unit: 'kg' }),
      record(BODY_MASS, '2025-05-03 07:00:00 +0100', '80.1', { unit: 'kg' }),
    ].join('\n'),
  );

/** Every tick of the user, as `date habit state`, and the entries they are on. */
async function ticks() {
  const rows = await t.database.db
    .selectFrom('daily_habits as d')
    .innerJoin('journals as j', 'j.id', 'd.journal_id')
    .innerJoin('habits as h', 'h.id', 'd.habit_id')
    .select(['j.id as journal', 'j.created_at', 'h.name', 'd.is_practiced'])
    .where('d.author_id', '=', user.id)
    .execute();
  return rows
    .map((row) => ({ line: `${row.created_at} ${row.name} ${row.is_practiced}`, ...row }))
    .sort((a, b) => a.line.localeCompare(b.line));
}

/** Every value of the user, as `date measure value`, and the entries they are on. */
async function values() {
  const rows = await t.database.db
    .selectFrom('daily_measures as d')
    .innerJoin('journals as j', 'j.id', 'd.journal_id')
    .innerJoin('measures as m', 'm.id', 'd.measure_id')
    .select(['j.id as journal', 'j.created_at', 'm.name', 'd.metric'])
    .where('d.author_id', '=', user.id)
    .execute();
  return rows
    .map((row) => ({ line: `${row.created_at} ${row.name} ${Number(row.metric)}`, ...row }))
    .sort((a, b) => a.line.localeCompare(b.line));
}

const journalCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('journals')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('author_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).count,
  );

const entryOf = (rows: { line: string; journal: number }[], line: string) =>
  rows.find((row) => row.line === line)?.journal;

/** Replaces the user's keys with those an import made before ticks and values had keys of their own. */
async function keepOnlyOldKeys(source: string, keys: string[]) {
  await t.database.db.deleteFrom('import_keys').where('author_id', '=', user.id).execute();
  await t.database.db
    .insertInto('import_keys')
    .values(
      keys.map((key) => ({
        author_id: user.id,
        source,
        key_hash: createHash('sha256').update(key).digest('hex'),
        import_id: null,
        journal_id: null,
      })),
    )
    .execute();
}

describe('Loop', () => {
  it('a later export’s new habit ticks days imported before on their entries, and a new day on a new one', async () => {
    await importBytes(loopZip());
    const before = await ticks();
    const entries = await journalCount();

    const dry = await importBytes(laterLoopZip(), '?lang=en&dry_run=true');
    const later = await importBytes(laterLoopZip());
    expect(later.imported).toEqual(dry.imported);
    expect(later.imported).toMatchObject({
      months: 0,
      habits: 1,
      journals: 1,
      daily_habits: 3,
      daily_measures: 0,
    });
    const after = await ticks();
    expect(after.map((row) => row.line)).toEqual(
      [
        ...before.map((row) => row.line),
        '2025-04-01 Stretch 0',
        '2025-04-02 Stretch 1',
        '2025-04-03 Stretch 1',
      ].sort(),
    );
    // On the entries the first import made for those days.
    expect(entryOf(after, '2025-04-01 Stretch 0')).toBe(entryOf(before, '2025-04-01 Read 0'));
    expect(entryOf(after, '2025-04-02 Stretch 1')).toBe(entryOf(before, '2025-04-02 Gym 1'));
    expect(await journalCount()).toBe(entries + 1);

    // And once only.
    const unchanged = await snapshot(t);
    const again = await importBytes(laterLoopZip());
    expect(again.imported).toMatchObject({ journals: 0, habits: 0, daily_habits: 0 });
    expect(await snapshot(t)).toEqual(unchanged);
  });

  it('a new habit’s ticks go on a new entry of their day when the one the earlier import made was deleted', async () => {
    await importBytes(loopZip());
    const gone = entryOf(await ticks(), '2025-04-01 Read 0');
    expect((await api('DELETE', `/api/journals/${gone}/`)).statusCode).toBe(204);

    const later = await importBytes(laterLoopZip());
    expect(later.imported).toMatchObject({ journals: 2, daily_habits: 3 });
    const lines = (await ticks()).map((row) => row.line);
    // Only the new habit: what the deleted entry held stays deleted.
    expect(lines.filter((line) => line.startsWith('2025-04-01'))).toEqual(['2025-04-01 Stretch 0']);
  });

  it('a day imported before ticks had keys of their own gets only the new habit', async () => {
    await importBytes(loopZip());
    const before = await ticks();
    // What the first import recorded before: each entry's key, and the day's for a day of ticks only.
    await keepOnlyOldKeys('loop', ['loop:2025-03-31', 'loop:2025-04-01', 'Gym 2025-04-02']);

    const dry = await importBytes(laterLoopZip(), '?lang=en&dry_run=true');
    const later = await importBytes(laterLoopZip());
    expect(later.imported).toEqual(dry.imported);
    expect(later.imported).toMatchObject({ journals: 1, daily_habits: 3, daily_measures: 0 });
    const after = await ticks();
    expect(after.map((row) => row.line)).toEqual(
      [
        ...before.map((row) => row.line),
        '2025-04-01 Stretch 0',
        '2025-04-02 Stretch 1',
        '2025-04-03 Stretch 1',
      ].sort(),
    );
    expect(entryOf(after, '2025-04-02 Stretch 1')).toBe(entryOf(before, '2025-04-02 Gym 1'));

    const unchanged = await snapshot(t);
    expect((await importBytes(laterLoopZip())).imported).toMatchObject({ daily_habits: 0 });
    expect(await snapshot(t)).toEqual(unchanged);
  });
});

describe('Apple Health', () => {
  it('a new type’s values join the days imported before, once, whatever the language', async () => {
    await importBytes(firstHealth());
    expect((await values()).map((row) => row.line)).toEqual([
      '2025-05-01 Steps 1000',
      '2025-05-02 Steps 2000',
    ]);
    const entries = await journalCount();

    const dry = await importBytes(laterHealth(), '?lang=en&dry_run=true');
    const later = await importBytes(laterHealth());
    expect(later.imported).toEqual(dry.imported);
    expect(later.imported).toMatchObject({
      measures: 1,
      journals: 1,
      daily_measures: 2,
    });
    expect(later.already_imported).toBe(2);
    const after = await values();
    expect(after.map((row) => row.line)).toEqual([
      '2025-05-01 Steps 1000',
      '2025-05-02 Body mass 80.5',
      '2025-05-02 Steps 2000',
      '2025-05-03 Body mass 80.1',
    ]);
    expect(entryOf(after, '2025-05-02 Body mass 80.5')).toBe(
      entryOf(after, '2025-05-02 Steps 2000'),
    );
    expect(await journalCount()).toBe(entries + 1);

    // Keyed by Health's type, not its name in the user's language.
    const unchanged = await snapshot(t);
    const again = await importBytes(laterHealth(), '?lang=pt-BR');
    expect(again.imported).toMatchObject({ journals: 0, measures: 0, daily_measures: 0 });
    expect(await snapshot(t)).toEqual(unchanged);
  });

  it('a day imported before values had keys of their own gets only the new type', async () => {
    await importBytes(firstHealth());
    await keepOnlyOldKeys('apple-health', ['apple-health:2025-05-01', 'apple-health:2025-05-02']);

    const dry = await importBytes(laterHealth(), '?lang=en&dry_run=true');
    const later = await importBytes(laterHealth());
    expect(later.imported).toEqual(dry.imported);
    expect(later.imported).toMatchObject({ journals: 1, daily_measures: 2 });
    const after = await values();
    expect(after.map((row) => row.line)).toEqual([
      '2025-05-01 Steps 1000',
      '2025-05-02 Body mass 80.5',
      '2025-05-02 Steps 2000',
      '2025-05-03 Body mass 80.1',
    ]);
    expect(entryOf(after, '2025-05-02 Body mass 80.5')).toBe(
      entryOf(after, '2025-05-02 Steps 2000'),
    );

    const unchanged = await snapshot(t);
    expect((await importBytes(laterHealth())).imported).toMatchObject({ daily_measures: 0 });
    expect(await snapshot(t)).toEqual(unchanged);
  });

  it('a day imported before values had keys, whose entry was deleted, stays deleted', async () => {
    await importBytes(firstHealth());
    await keepOnlyOldKeys('apple-health', ['apple-health:2025-05-01', 'apple-health:2025-05-02']);
    const gone = entryOf(await values(), '2025-05-02 Steps 2000');
    expect((await api('DELETE', `/api/journals/${gone}/`)).statusCode).toBe(204);

    await importBytes(laterHealth());
    expect((await values()).map((row) => row.line)).toEqual([
      '2025-05-01 Steps 1000',
      '2025-05-03 Body mass 80.1',
    ]);
  });

  it('undoing the later import takes the values it put on older entries, and only those', async () => {
    await importBytes(firstHealth());
    const first = await values();
    const later = await importBytes(laterHealth());
    const undone = await api('POST', `/api/import/${later.import_id}/undo/`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ counts: { daily_measures: 2, journals: 1 } });
    expect(await values()).toEqual(first);

    // Its keys went with it: the same file brings them again.
    expect((await importBytes(laterHealth())).imported).toMatchObject({ daily_measures: 2 });
  });
});

describe('quotas', () => {
  /** Fills the month's habits or measures up to `total` rows, two of them with one name in different cases. */
  async function fillMonth(table: 'habits' | 'measures', monthId: number, total: number) {
    const have = await t.database.db
      .selectFrom(table)
      .select('id')
      .where('month_id', '=', monthId)
      .execute();
    const names = ['Walk', 'walk'];
    for (let i = 0; names.length < total - have.length; i++) names.push(`Item ${i}`);
    await t.database.db
      .insertInto(table)
      .values(names.map((name) => ({ author_id: user.id, month_id: monthId, name })))
      .execute();
  }

  const monthOf = (report: ImportReport, period: string) =>
    report.months.find((month) => month.period === period)?.id as number;

  it('a later Loop export whose new habit, ticked on entries the account has, would pass the month’s habits is refused whole', async () => {
    const april = monthOf(await importBytes(loopZip()), '2025-04');
    await fillMonth('habits', april, HABITS_PER_MONTH);
    const before = await snapshot(t);

    for (const query of ['?lang=en&dry_run=true', '?lang=en']) {
      const refused = await send(laterLoopZip(), query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: QUOTA_EXCEEDED,
        detail: expect.stringContaining(
          `has ${HABITS_PER_MONTH + 1} habits — a month holds at most ${HABITS_PER_MONTH} habits.`,
        ),
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a later Health export whose new type, valued on entries the account has, would pass the month’s measures is refused whole', async () => {
    const may = monthOf(await importBytes(firstHealth()), '2025-05');
    await fillMonth('measures', may, MEASURES_PER_MONTH);
    const before = await snapshot(t);

    const refused = await send(laterHealth());

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: QUOTA_EXCEEDED,
      detail: expect.stringContaining(
        `has ${MEASURES_PER_MONTH + 1} measures — a month holds at most ${MEASURES_PER_MONTH} measures.`,
      ),
    });
    expect(await snapshot(t)).toEqual(before);
  });
});
