// MSW handlers for /api/measures/ (with a measure's unit and target).
import { HttpResponse, http } from 'msw';
import type { CreateMeasure, UpdateMeasure } from '../../../../contract/measure-targets';
import { makeMeasure } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam } from '../responses';
import { apiUrl } from '../url';

export const measureHandlers = [
  http.get(apiUrl('api/measures/'), ({ request }) => {
    const month = idParam(request, 'month');
    return HttpResponse.json(db.measures.filter((m) => month === null || m.month_id === month));
  }),
  http.post(apiUrl('api/measures/'), async ({ request }) => {
    const body = (await request.json()) as CreateMeasure;
    const month = db.months.find((m) => m.id === body.month_id);
    if (!month) return HttpResponse.json({ month_id: ['Invalid pk.'] }, { status: 400 });
    const measure = makeMeasure(month, {
      name: body.name,
      unit: body.unit ?? null,
      target: body.target ?? null,
      target_direction: body.target_direction ?? null,
    });
    db.measures.push(measure);
    return HttpResponse.json(measure, { status: 201 });
  }),
  http.patch(apiUrl('api/measures/:id/'), async ({ request, params }) => {
    const measure = db.measures.find((m) => m.id === Number(params.id));
    if (!measure) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    applyPatch(measure, (await request.json()) as UpdateMeasure);
    return HttpResponse.json(measure);
  }),
  http.delete(apiUrl('api/measures/:id/'), ({ params }) => {
    const index = db.measures.findIndex((m) => m.id === Number(params.id));
    if (index < 0) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    db.measures.splice(index, 1);
    return new HttpResponse(null, { status: 204 });
  }),
];
