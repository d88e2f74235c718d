// API tests for /api/dailymeasures/: the shared daily-item suite plus the metric's number rules.
import { MESSAGES, METRIC_LIMIT } from '../../contract/rules.js';
import { dailyItemSuite } from '../support/daily-item-suite.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedJournal, seedMeasure, seedMonth } from '../support/factories.js';

const context = dailyItemSuite({
  path: '/api/dailymeasures',
  item: 'measure',
  value: { field: 'metric', first: 72.5, second: -3 },
});

describe('metric', () => {
  const setup = async () => {
    const t = context.t();
    const user = context.user();
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const measure = await seedMeasure(t, user, month.id);
    const post = (metric: unknown, raw?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dailymeasures/',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: raw ?? JSON.stringify({ journal_id: journal.id, measure_id: measure.id, metric }),
      });
    return { t, journal, measure, post };
  };

  it.each([
    ['12.5', 12.5],
    [0, 0],
    [METRIC_LIMIT, METRIC_LIMIT],
    [-METRIC_LIMIT, -METRIC_LIMIT],
  ])('accepts %j as the JSON number %d', async (metric, expected) => {
    const { post } = await setup();
    const response = await post(metric);
    expect(response.statusCode).toBe(201);
    expect(response.json().metric).toBe(expected);
    expect(response.body).toContain(`"metric":${JSON.stringify(expected)}`);
  });

  it.each([
    [undefined, { metric: [MESSAGES.required] }],
    [null, { metric: ['This field may not be null.'] }],
    ['twelve', { metric: [MESSAGES.invalidNumber] }],
    ['NaN', { metric: [MESSAGES.invalidNumber] }],
    ['', { metric: [MESSAGES.invalidNumber] }],
    [METRIC_LIMIT * 10, { metric: [MESSAGES.maxValue(METRIC_LIMIT)] }],
    ['-1e400', { metric: [MESSAGES.invalidNumber] }],
    ['Infinity', { metric: [MESSAGES.invalidNumber] }],
  ])('refuses %j without storing anything', async (metric, errors) => {
    const { t, post } = await setup();
    const before = await snapshot(t);
    const response = await post(metric);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses 1e400 written as a JSON number (it parses as Infinity)', async () => {
    const { journal, measure, post } = await setup();
    const response = await post(
      undefined,
      `{"journal_id": ${journal.id}, "measure_id": ${measure.id}, "metric": 1e400}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ metric: [MESSAGES.invalidNumber] });
  });
});
