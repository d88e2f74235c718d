// API tests for an entry's date and its month's period: a create or a date change outside the period is refused, and nothing changes.
import type { Journal, Month } from '../../contract/entities.js';
import { PERIOD_DATE_MESSAGES } from '../../contract/month-period.js';
import { snapshot } from '../support/db-snapshot.js';
import { setUpTestApp } from '../support/test-app.js';

const { t, api } = setUpTestApp();

const outsideJanuary = {
  created_at: [PERIOD_DATE_MESSAGES.outsidePeriod('2026-01-01 – 2026-01-31')],
};

async function january(): Promise<Month> {
  const response = await api('POST', '/api/months/', { name: 'January 2026' });
  expect(response.statusCode).toBe(201);
  expect(response.json<Month>().period).toBe('2026-01');
  return response.json<Month>();
}

const create = (monthId: number, createdAt?: string, highlight = 'A day') =>
  api('POST', '/api/journals/', {
    month_id: monthId,
    highlight,
    ...(createdAt === undefined ? {} : { created_at: createdAt }),
  });

describe('an entry of a month with a period', () => {
  it.each(['2026-02-03', '2025-12-31', '2027-01-05'])(
    'is not created on %s, outside it, and nothing is written',
    async (date) => {
      const month = await january();
      const before = await snapshot(t);

      const response = await create(month.id, date);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(outsideJanuary);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('is created on its first and last days, and twice on one day', async () => {
    const month = await january();
    for (const date of ['2026-01-01', '2026-01-31', '2026-01-05', '2026-01-05']) {
      const response = await create(month.id, date);
      expect(response.statusCode).toBe(201);
      expect(response.json<Journal>().created_at).toBe(date);
    }
  });

  it('without a date, is dated today when today is in the period, else on its first day', async () => {
    const march = (await api('POST', '/api/months/', { name: 'March 2020' })).json<Month>();

    const response = await create(march.id);

    expect(response.statusCode).toBe(201);
    expect(response.json<Journal>().created_at).toBe('2020-03-01');
  });

  it('cannot be moved outside it; a move inside it works', async () => {
    const month = await january();
    const entry = (await create(month.id, '2026-01-05')).json<Journal>();
    const before = await snapshot(t);

    const moved = await api('PATCH', `/api/journals/${entry.id}/`, { created_at: '2026-02-03' });

    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual(outsideJanuary);
    expect(await snapshot(t)).toEqual(before);
    const inside = await api('PATCH', `/api/journals/${entry.id}/`, { created_at: '2026-01-06' });
    expect(inside.statusCode).toBe(200);
    expect(inside.json<Journal>().created_at).toBe('2026-01-06');
  });
});

describe('an entry of a month without a period', () => {
  it('takes any date', async () => {
    const month = (await api('POST', '/api/months/', { name: 'Holidays' })).json<Month>();
    expect(month.period).toBeNull();

    const response = await create(month.id, '2026-02-03');

    expect(response.statusCode).toBe(201);
    const moved = await api('PATCH', `/api/journals/${response.json<Journal>().id}/`, {
      created_at: '1999-12-31',
    });
    expect(moved.statusCode).toBe(200);
  });
});
