// MSW handlers for /api/dailyhabits/ (with our server's `?month=` and `?journal=` filters).
import { HttpResponse, http } from 'msw';
import type { CreateDailyHabit, UpdateDailyHabit } from '../../../../contract/requests';
import { makeDailyHabit } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam, notFound } from '../responses';
import { apiUrl } from '../url';
import { dailyFilter } from './daily-filter';

export const dailyHabitHandlers = [
  http.get(apiUrl('api/dailyhabits/'), ({ request }) =>
    HttpResponse.json(
      db.dailyHabits.filter(dailyFilter(idParam(request, 'month'), idParam(request, 'journal'))),
    ),
  ),
  http.post(apiUrl('api/dailyhabits/'), async ({ request }) => {
    const body = (await request.json()) as CreateDailyHabit;
    const journal = db.journals.find((j) => j.id === body.journal_id);
    const habit = db.habits.find((h) => h.id === body.habit_id);
    if (!journal || !habit) {
      return HttpResponse.json({ journal_id: ['Invalid pk.'] }, { status: 400 });
    }
    const dailyHabit = makeDailyHabit(journal, habit, {
      is_practiced: body.is_practiced ?? false,
      is_skipped: body.is_skipped ?? false,
    });
    db.dailyHabits.push(dailyHabit);
    return HttpResponse.json(dailyHabit, { status: 201 });
  }),
  http.patch(apiUrl('api/dailyhabits/:id/'), async ({ params, request }) => {
    const dailyHabit = db.dailyHabits.find((d) => d.id === Number(params.id));
    if (!dailyHabit) return notFound();
    const changes = (await request.json()) as UpdateDailyHabit;
    // As the server: one flag turned on alone turns the other off.
    if (changes.is_practiced === true && changes.is_skipped === undefined)
      dailyHabit.is_skipped = false;
    if (changes.is_skipped === true && changes.is_practiced === undefined)
      dailyHabit.is_practiced = false;
    applyPatch(dailyHabit, changes);
    return HttpResponse.json(dailyHabit);
  }),
];
