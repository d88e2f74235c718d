// MSW handlers for /api/months/.
import { HttpResponse, http } from 'msw';
import type { Month } from '../../../../contract/entities';
import type { CreateMonth, UpdateMonth } from '../../../../contract/requests';
import { makeMonth } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, noContent, notFound } from '../responses';
import { apiUrl } from '../url';

function findMonth(id: unknown): Month | undefined {
  return db.months.find((m) => m.id === Number(id));
}

export const monthHandlers = [
  http.get(apiUrl('api/months/'), () => HttpResponse.json(db.months)),
  // Before the detail route, which would read 'summaries' as an id.
  http.get(apiUrl('api/months/summaries/'), () =>
    HttpResponse.json(
      db.months.map((month) => {
        const goals = db.goals.filter((goal) => goal.month_id === month.id);
        return {
          month: month.id,
          journals: db.journals.filter((journal) => journal.month_id === month.id).length,
          goals: goals.length,
          goals_done: goals.filter((goal) => goal.is_completed).length,
        };
      }),
    ),
  ),
  http.get(apiUrl('api/months/:id/'), ({ params }) => {
    const month = findMonth(params.id);
    return month ? HttpResponse.json(month) : notFound();
  }),
  http.post(apiUrl('api/months/'), async ({ request }) => {
    const body = (await request.json()) as CreateMonth;
    const month = makeMonth({ name: body.name });
    db.months.push(month);
    return HttpResponse.json(month, { status: 201 });
  }),
  http.patch(apiUrl('api/months/:id/'), async ({ params, request }) => {
    const month = findMonth(params.id);
    if (!month) return notFound();
    applyPatch(month, (await request.json()) as UpdateMonth);
    return HttpResponse.json(month);
  }),
  http.delete(apiUrl('api/months/delete/:id/'), ({ params }) => {
    const month = findMonth(params.id);
    if (!month) return notFound();
    const journalIds = new Set(db.journals.filter((j) => j.month_id === month.id).map((j) => j.id));
    db.months = db.months.filter((m) => m !== month);
    db.journals = db.journals.filter((j) => j.month_id !== month.id);
    db.habits = db.habits.filter((h) => h.month_id !== month.id);
    db.measures = db.measures.filter((m) => m.month_id !== month.id);
    db.goals = db.goals.filter((g) => g.month_id !== month.id);
    db.dailyHabits = db.dailyHabits.filter((d) => !journalIds.has(d.journal_id));
    db.dailyMeasures = db.dailyMeasures.filter((d) => !journalIds.has(d.journal_id));
    return noContent();
  }),
];
