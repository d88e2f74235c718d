// MSW handler for GET /api/months/{id}/stats/: the month at a glance computed from the in-memory db.
import { HttpResponse, http } from 'msw';
import { computeMonthStats } from '../../../fixtures/month-stats';
import { db } from '../db';
import { notFound } from '../responses';
import { apiUrl } from '../url';

export const statsHandlers = [
  http.get(apiUrl('api/months/:id/stats/'), ({ params }) => {
    const monthId = Number(params.id);
    if (!db.months.some((m) => m.id === monthId)) return notFound();
    return HttpResponse.json(computeMonthStats(monthId, db));
  }),
];
