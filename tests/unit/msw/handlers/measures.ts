// MSW handlers for /api/measures/.
import { HttpResponse, http } from 'msw';
import type { CreateMeasure } from '../../../../contract/requests';
import { makeMeasure } from '../../../fixtures/factories';
import { db } from '../db';
import { idParam } from '../responses';
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
    const measure = makeMeasure(month, { name: body.name });
    db.measures.push(measure);
    return HttpResponse.json(measure, { status: 201 });
  }),
];
