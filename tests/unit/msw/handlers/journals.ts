// MSW handlers for /api/journals/.
import { HttpResponse, http } from 'msw';
import type { CreateJournal, UpdateJournal } from '../../../../contract/requests';
import { makeJournal } from '../../../fixtures/factories';
import { db } from '../db';
import { idParam, noContent, notFound } from '../responses';
import { apiUrl } from '../url';

export const journalHandlers = [
  http.get(apiUrl('api/journals/'), ({ request }) => {
    const month = idParam(request, 'month');
    return HttpResponse.json(db.journals.filter((j) => month === null || j.month_id === month));
  }),
  http.post(apiUrl('api/journals/'), async ({ request }) => {
    const body = (await request.json()) as CreateJournal;
    const month = db.months.find((m) => m.id === body.month_id);
    if (!month) {
      return HttpResponse.json({ month_id: ['Invalid pk.'] }, { status: 400 });
    }
    const journal = makeJournal(month, { highlight: body.highlight });
    db.journals.push(journal);
    return HttpResponse.json(journal, { status: 201 });
  }),
  http.patch(apiUrl('api/journals/:id/'), async ({ params, request }) => {
    const journal = db.journals.find((j) => j.id === Number(params.id));
    if (!journal) return notFound();
    Object.assign(journal, (await request.json()) as UpdateJournal);
    return HttpResponse.json(journal);
  }),
  http.delete(apiUrl('api/journals/delete/:id/'), ({ params }) => {
    const id = Number(params.id);
    if (!db.journals.some((j) => j.id === id)) return notFound();
    db.journals = db.journals.filter((j) => j.id !== id);
    db.dailyHabits = db.dailyHabits.filter((d) => d.journal_id !== id);
    db.dailyMeasures = db.dailyMeasures.filter((d) => d.journal_id !== id);
    return noContent();
  }),
];
