// MSW handlers for /api/dailymeasures/ (with our server's `?month=` and `?journal=` filters).
import { HttpResponse, http } from 'msw';
import type { CreateDailyMeasure, UpdateDailyMeasure } from '../../../../contract/requests';
import { makeDailyMeasure } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam, notFound } from '../responses';
import { apiUrl } from '../url';
import { dailyFilter } from './daily-filter';

export const dailyMeasureHandlers = [
  http.get(apiUrl('api/dailymeasures/'), ({ request }) =>
    HttpResponse.json(
      db.dailyMeasures.filter(dailyFilter(idParam(request, 'month'), idParam(request, 'journal'))),
    ),
  ),
  http.post(apiUrl('api/dailymeasures/'), async ({ request }) => {
    const body = (await request.json()) as CreateDailyMeasure;
    const journal = db.journals.find((j) => j.id === body.journal_id);
    const measure = db.measures.find((m) => m.id === body.measure_id);
    if (!journal || !measure) {
      return HttpResponse.json({ journal_id: ['Invalid pk.'] }, { status: 400 });
    }
    const dailyMeasure = makeDailyMeasure(journal, measure, { metric: body.metric });
    db.dailyMeasures.push(dailyMeasure);
    return HttpResponse.json(dailyMeasure, { status: 201 });
  }),
  http.patch(apiUrl('api/dailymeasures/:id/'), async ({ params, request }) => {
    const dailyMeasure = db.dailyMeasures.find((d) => d.id === Number(params.id));
    if (!dailyMeasure) return notFound();
    applyPatch(dailyMeasure, (await request.json()) as UpdateDailyMeasure);
    return HttpResponse.json(dailyMeasure);
  }),
];
