// API tests for a measure's unit and daily target: additive fields on /api/measures/, refused bad
// input, other users' rows.
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../contract/export.js';
import { TARGET_MESSAGES } from '../../contract/measure-targets.js';
import { MEASURES_PER_MONTH, QUOTA_EXCEEDED } from '../../contract/quotas.js';
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { createUser, setUpTestApp } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const NONE = { unit: null, target: null, target_direction: null };

async function createMeasure(body: Record<string, unknown>) {
  const response = await api('POST', '/api/measures/', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; month_id: number } & Record<string, unknown>;
}

describe('POST /api/measures/ with a unit and a target', () => {
  it('stores them and answers them on create, detail and list', async () => {
    const month = await seedMonth(t, user);
    const created = await createMeasure({
      name: 'Sleep',
      month_id: month.id,
      unit: ' h ',
      target: 7.5,
      target_direction: 'at_least',
    });
    expect(created).toMatchObject({
      name: 'Sleep',
      unit: 'h',
      target: 7.5,
      target_direction: 'at_least',
    });
    const detail = await api('GET', `/api/measures/${created.id}/`);
    expect(detail.json()).toMatchObject({ unit: 'h', target: 7.5, target_direction: 'at_least' });
    const list = await api('GET', `/api/measures/?month=${month.id}`);
    expect(list.json()).toEqual([created]);
  });

  it('keeps the plain {name, month_id} create: no unit, no target', async () => {
    const month = await seedMonth(t, user);
    const created = await createMeasure({ name: 'Weight', month_id: month.id });
    expect(created).toEqual({
      id: created.id,
      name: 'Weight',
      author: user.id,
      month: month.id,
      month_id: month.id,
      ...NONE,
      ...('version' in created ? { version: created.version } : {}),
    });
  });

  it('takes a unit alone, an at_most target, a zero or negative target, and a blank unit as none', async () => {
    const month = await seedMonth(t, user);
    expect(await createMeasure({ name: 'a', month_id: month.id, unit: 'km' })).toMatchObject({
      unit: 'km',
      target: null,
      target_direction: null,
    });
    expect(
      await createMeasure({
        name: 'b',
        month_id: month.id,
        target: 0,
        target_direction: 'at_most',
      }),
    ).toMatchObject({ unit: null, target: 0, target_direction: 'at_most' });
    expect(
      await createMeasure({
        name: 'c',
        month_id: month.id,
        target: -3,
        target_direction: 'at_least',
      }),
    ).toMatchObject({ target: -3 });
    expect(await createMeasure({ name: 'd', month_id: month.id, unit: '   ' })).toMatchObject({
      unit: null,
    });
    expect(
      await createMeasure({ name: 'e', month_id: month.id, unit: null, target: null }),
    ).toMatchObject(NONE);
  });

  it.each([
    [{ unit: 'u'.repeat(17) }, { unit: [MESSAGES.maxLength(16)] }],
    [{ unit: ['kg'] }, { unit: [MESSAGES.invalidString] }],
    [{ unit: 'kg\u0000' }, { unit: ['Null characters are not allowed.'] }],
    [{ target: 'lots', target_direction: 'at_least' }, { target: [MESSAGES.invalidNumber] }],
    [{ target: 1e13, target_direction: 'at_least' }, { target: [MESSAGES.maxValue(1e12)] }],
    [{ target: 'Infinity', target_direction: 'at_least' }, { target: [MESSAGES.invalidNumber] }],
    [{ target: 8 }, { target_direction: [TARGET_MESSAGES.directionRequired] }],
    [
      { target: 8, target_direction: null },
      { target_direction: [TARGET_MESSAGES.directionRequired] },
    ],
    [{ target_direction: 'at_most' }, { target: [TARGET_MESSAGES.targetRequired] }],
    [
      { target: 8, target_direction: 'more' },
      { target_direction: ['"more" is not a valid choice.'] },
    ],
  ])('refuses %j with a 400 and stores nothing', async (extra, errors) => {
    const month = await seedMonth(t, user);
    const before = await snapshot(t);
    const response = await api('POST', '/api/measures/', {
      name: 'Sleep',
      month_id: month.id,
      ...extra,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });

  it(`holds the quota: ${MEASURES_PER_MONTH} measures with targets fit a month, the next is refused`, async () => {
    const month = await seedMonth(t, user);
    for (let i = 0; i < MEASURES_PER_MONTH; i += 1) {
      await createMeasure({
        name: `m${i}`,
        month_id: month.id,
        unit: 'kg',
        target: i,
        target_direction: 'at_most',
      });
    }
    const refused = await api('POST', '/api/measures/', {
      name: 'one too many',
      month_id: month.id,
      unit: 'kg',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: QUOTA_EXCEEDED });
    const list = await api('GET', `/api/measures/?month=${month.id}`);
    expect(list.json()).toHaveLength(MEASURES_PER_MONTH);
  });

  it('refuses another user’s month', async () => {
    const other = await createUser(t);
    const month = await seedMonth(t, other);
    const response = await api('POST', '/api/measures/', {
      name: 'Sleep',
      month_id: month.id,
      unit: 'h',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ month_id: [MESSAGES.invalidPk(month.id)] });
  });
});

describe('PATCH /api/measures/{id}/', () => {
  it('sets, changes and clears the unit and the target', async () => {
    const month = await seedMonth(t, user);
    const { id } = await createMeasure({ name: 'Run', month_id: month.id });
    const patch = async (body: Record<string, unknown>) => {
      const response = await api('PATCH', `/api/measures/${id}/`, body);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await patch({ unit: 'km', target: 5, target_direction: 'at_least' })).toMatchObject({
      name: 'Run',
      unit: 'km',
      target: 5,
      target_direction: 'at_least',
    });
    expect(await patch({ target_direction: 'at_most' })).toMatchObject({
      unit: 'km',
      target: 5,
      target_direction: 'at_most',
    });
    expect(await patch({ name: 'Running' })).toMatchObject({
      name: 'Running',
      unit: 'km',
      target: 5,
    });
    // Clearing the target clears its direction.
    expect(await patch({ target: null })).toMatchObject({
      unit: 'km',
      target: null,
      target_direction: null,
    });
    expect(await patch({ unit: '' })).toMatchObject({ unit: null });
    expect((await api('GET', `/api/measures/${id}/`)).json()).toMatchObject({
      name: 'Running',
      ...NONE,
    });
  });

  it.each([
    [{ target: 3 }, { target_direction: [TARGET_MESSAGES.directionRequired] }],
    [{ target_direction: 'at_least' }, { target: [TARGET_MESSAGES.targetRequired] }],
    [{ unit: 'x'.repeat(17) }, { unit: [MESSAGES.maxLength(16)] }],
    [{ name: null }, { name: ['This field may not be null.'] }],
  ])('refuses %j on a measure without a target, changing nothing', async (body, errors) => {
    const month = await seedMonth(t, user);
    const { id } = await createMeasure({ name: 'Run', month_id: month.id });
    const before = await snapshot(t);
    const response = await api('PATCH', `/api/measures/${id}/`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses to keep a target without a direction', async () => {
    const month = await seedMonth(t, user);
    const { id } = await createMeasure({
      name: 'Run',
      month_id: month.id,
      target: 5,
      target_direction: 'at_least',
    });
    const response = await api('PATCH', `/api/measures/${id}/`, { target_direction: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ target_direction: [TARGET_MESSAGES.directionRequired] });
  });

  it('answers another user’s measure as missing, and leaves it alone', async () => {
    const other = await createUser(t);
    const month = await seedMonth(t, other);
    const response = await api(
      'POST',
      '/api/measures/',
      { name: 'Theirs', month_id: month.id, unit: 'kg' },
      other,
    );
    const theirs = response.json() as { id: number };
    const before = await snapshot(t);
    const patched = await api('PATCH', `/api/measures/${theirs.id}/`, { unit: 'lb' });
    expect(patched.statusCode).toBe(404);
    expect(patched.json()).toEqual({ detail: MESSAGES.notFound });
    expect((await api('GET', `/api/measures/${theirs.id}/`)).statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('several measures on one entry', () => {
  it('takes a value per measure, and the plain single-measure flow still works', async () => {
    const month = await seedMonth(t, user);
    const sleep = await createMeasure({
      name: 'Sleep',
      month_id: month.id,
      unit: 'h',
      target: 7,
      target_direction: 'at_least',
    });
    const coffee = await createMeasure({ name: 'Coffee', month_id: month.id, unit: 'cups' });
    const journal = await seedJournal(t, user, month.id);
    for (const [measure, metric] of [
      [sleep, 8],
      [coffee, 2],
    ] as const) {
      const response = await api('POST', '/api/dailymeasures/', {
        journal_id: journal.id,
        measure_id: measure.id,
        metric,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ metric, measure_id: measure.id });
    }
    const list = await api('GET', `/api/dailymeasures/?journal=${journal.id}`);
    expect(list.json().map((d: { metric: number }) => d.metric)).toEqual([8, 2]);
  });
});

describe('GET /api/months/{id}/stats/ with several measures', () => {
  it('charts every measure with its unit and target, and counts the days on target by their mean', async () => {
    const month = await seedMonth(t, user);
    const sleep = await createMeasure({
      name: 'Sleep',
      month_id: month.id,
      unit: 'h',
      target: 7,
      target_direction: 'at_least',
    });
    const coffee = await createMeasure({
      name: 'Coffee',
      month_id: month.id,
      unit: 'cups',
      target: 2,
      target_direction: 'at_most',
    });
    const plain = await createMeasure({ name: 'Mood', month_id: month.id });
    const days: [string, number, number | null][] = [
      ['2025-03-01', 8, 3],
      ['2025-03-02', 7, 2],
      ['2025-03-03', 6, null],
    ];
    for (const [date, hours, cups] of days) {
      const entry = await api('POST', '/api/journals/', {
        highlight: date,
        month_id: month.id,
        created_at: date,
      });
      const journalId = entry.json().id;
      const value = (measureId: number, metric: number) =>
        api('POST', '/api/dailymeasures/', {
          journal_id: journalId,
          measure_id: measureId,
          metric,
        });
      expect((await value(sleep.id, hours)).statusCode).toBe(201);
      if (cups !== null) expect((await value(coffee.id, cups)).statusCode).toBe(201);
    }
    // A second entry on 03-03 lifts its mean to 7.5 h: on target.
    const extra = await api('POST', '/api/journals/', {
      highlight: 'nap',
      month_id: month.id,
      created_at: '2025-03-03',
    });
    await api('POST', '/api/dailymeasures/', {
      journal_id: extra.json().id,
      measure_id: sleep.id,
      metric: 9,
    });

    const body = (await api('GET', `/api/months/${month.id}/stats/`)).json();

    // The spec's single measure stays the first one.
    expect(body.measure).toEqual({ id: sleep.id, name: 'Sleep' });
    expect(body.series.map((p: { value: number }) => p.value)).toEqual([8, 7, 7.5]);
    expect(body.measures).toEqual([
      {
        id: sleep.id,
        name: 'Sleep',
        unit: 'h',
        target: 7,
        target_direction: 'at_least',
        series: [
          { date: '2025-03-01', value: 8, count: 1 },
          { date: '2025-03-02', value: 7, count: 1 },
          { date: '2025-03-03', value: 7.5, count: 2 },
        ],
        days_on_target: 3,
      },
      {
        id: coffee.id,
        name: 'Coffee',
        unit: 'cups',
        target: 2,
        target_direction: 'at_most',
        series: [
          { date: '2025-03-01', value: 3, count: 1 },
          { date: '2025-03-02', value: 2, count: 1 },
        ],
        days_on_target: 1,
      },
      {
        id: plain.id,
        name: 'Mood',
        unit: null,
        target: null,
        target_direction: null,
        series: [],
        days_on_target: null,
      },
    ]);
  });
});

describe('export, import and the month CSV with units and targets', () => {
  async function seedTargets() {
    const month = await seedMonth(t, user, 'March');
    const sleep = await createMeasure({
      name: 'Sleep',
      month_id: month.id,
      unit: 'h',
      target: 7.5,
      target_direction: 'at_least',
    });
    const steps = await createMeasure({ name: 'Steps', month_id: month.id });
    const journal = await seedJournal(t, user, month.id);
    for (const [measure, metric] of [
      [sleep, 8],
      [steps, 9000],
    ] as const) {
      await api('POST', '/api/dailymeasures/', {
        journal_id: journal.id,
        measure_id: measure.id,
        metric,
      });
    }
    return month;
  }

  it('exports the unit and target only when set, and an import brings them back', async () => {
    await seedTargets();
    const exported = (await api('GET', '/api/export/')).json();
    expect(exported.version).toBe(EXPORT_VERSION);
    expect(exported.months[0].measures).toEqual([
      { id: 1, name: 'Sleep', unit: 'h', target: 7.5, target_direction: 'at_least' },
      { id: 2, name: 'Steps' },
    ]);

    const other = await createUser(t);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(exported),
    });
    expect(imported.statusCode).toBe(201);
    const monthId = imported.json().months[0].id;
    const measures = (await api('GET', `/api/measures/?month=${monthId}`, undefined, other)).json();
    expect(measures).toMatchObject([
      { name: 'Sleep', unit: 'h', target: 7.5, target_direction: 'at_least' },
      { name: 'Steps', ...NONE },
    ]);
    const again = (await api('GET', '/api/export/', undefined, other)).json();
    expect(again.months).toEqual(exported.months);
  });

  it('imports a version 1 file’s measures with no unit or target', async () => {
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      exported_at: '2025-01-01T00:00:00.000Z',
      months: [
        {
          name: 'Old',
          habits: [],
          measures: [{ id: 1, name: 'Weight' }],
          goals: [],
          journals: [],
        },
      ],
    };
    const response = await api('POST', '/api/import/', file);
    expect(response.statusCode).toBe(201);
    const monthId = response.json().months[0].id;
    expect((await api('GET', `/api/measures/?month=${monthId}`)).json()).toMatchObject([
      { name: 'Weight', ...NONE },
    ]);
  });

  it.each([
    [{ target: 5 }, 'months[0].measures[0].target_direction'],
    [{ target_direction: 'at_most' }, 'months[0].measures[0].target'],
    [{ unit: 'x'.repeat(17) }, 'months[0].measures[0].unit'],
    [{ unit: '  ' }, 'months[0].measures[0].unit'],
    [{ target: 5, target_direction: 'sideways' }, 'months[0].measures[0].target_direction'],
  ])('refuses a measure with %j, naming it, and imports nothing', async (extra, path) => {
    const file = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: '2025-01-01T00:00:00.000Z',
      months: [
        {
          name: 'Bad',
          habits: [],
          measures: [{ id: 1, name: 'Weight', ...extra }],
          goals: [],
          journals: [],
        },
      ],
    };
    const before = await snapshot(t);
    const response = await api('POST', '/api/import/', file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_import', path });
    expect(await snapshot(t)).toEqual(before);
  });

  it('gives the CSV a column per measure, its unit in the header', async () => {
    const month = await seedTargets();
    const response = await api('GET', `/api/months/${month.id}/export.csv`);
    expect(response.statusCode).toBe(200);
    const [header, row] = response.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.startsWith('date,highlight,Sleep (h),Steps')).toBe(true);
    expect(row).toContain(',8,9000');
  });
});

describe('the OpenAPI document', () => {
  it('describes the unit, target and direction on Measure and on the measure requests', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const measure = doc.components.schemas.Measure.properties;
    expect(Object.keys(measure)).toEqual(
      expect.arrayContaining(['unit', 'target', 'target_direction']),
    );
    expect(measure.target_direction.enum).toEqual(['at_least', 'at_most', null]);
    const create =
      doc.paths['/api/measures/'].post.requestBody.content['application/json'].schema.properties;
    expect(create.unit.maxLength).toBe(16);
    expect(create.target.nullable).toBe(true);
  });
});
