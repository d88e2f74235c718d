// MSW handlers for /api/habits/.
import { HttpResponse, http } from 'msw';
import { scheduleOrDaily } from '../../../../contract/habit-schedule';
import type { CreateHabit, UpdateHabit } from '../../../../contract/requests';
import { makeHabit } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam, notFound } from '../responses';
import { apiUrl } from '../url';

export const habitHandlers = [
  http.get(apiUrl('api/habits/'), ({ request }) => {
    const month = idParam(request, 'month');
    return HttpResponse.json(db.habits.filter((h) => month === null || h.month_id === month));
  }),
  http.post(apiUrl('api/habits/'), async ({ request }) => {
    const body = (await request.json()) as CreateHabit;
    const month = db.months.find((m) => m.id === body.month_id);
    if (!month) return HttpResponse.json({ month_id: ['Invalid pk.'] }, { status: 400 });
    // A schedule as the server keeps it (daily when absent).
    const habit = makeHabit(month, {
      name: body.name,
      schedule: scheduleOrDaily(body.schedule),
    });
    db.habits.push(habit);
    return HttpResponse.json(habit, { status: 201 });
  }),
  http.patch(apiUrl('api/habits/:id/'), async ({ params, request }) => {
    const habit = db.habits.find((h) => h.id === Number(params.id));
    if (!habit) return notFound();
    applyPatch(habit, (await request.json()) as UpdateHabit);
    return HttpResponse.json(habit);
  }),
];
