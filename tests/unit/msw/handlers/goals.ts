// MSW handlers for /api/goals/.
import { HttpResponse, http } from 'msw';
import type { CreateGoal, UpdateGoal } from '../../../../contract/requests';
import { makeGoal } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam, noContent, notFound } from '../responses';
import { apiUrl } from '../url';
import { binItem } from './trash';

export const goalHandlers = [
  http.get(apiUrl('api/goals/'), ({ request }) => {
    const month = idParam(request, 'month');
    return HttpResponse.json(db.goals.filter((g) => month === null || g.month_id === month));
  }),
  http.post(apiUrl('api/goals/'), async ({ request }) => {
    const body = (await request.json()) as CreateGoal;
    const month = db.months.find((m) => m.id === body.month_id);
    if (!month) return HttpResponse.json({ month_id: ['Invalid pk.'] }, { status: 400 });
    const goal = makeGoal(month, { name: body.name, is_completed: body.is_completed ?? false });
    db.goals.push(goal);
    return HttpResponse.json(goal, { status: 201 });
  }),
  http.patch(apiUrl('api/goals/:id/'), async ({ params, request }) => {
    const goal = db.goals.find((g) => g.id === Number(params.id));
    if (!goal) return notFound();
    applyPatch(goal, (await request.json()) as UpdateGoal);
    return HttpResponse.json(goal);
  }),
  http.delete(apiUrl('api/goals/delete/:id/'), ({ params }) => {
    const id = Number(params.id);
    const goal = db.goals.find((g) => g.id === id);
    if (!goal) return notFound();
    db.goals = db.goals.filter((g) => g.id !== id);
    const month = db.months.find((m) => m.id === goal.month_id);
    binItem(
      {
        kind: 'goal',
        id,
        label: goal.name,
        month: goal.month_id,
        month_name: month?.name ?? null,
        date: null,
      },
      () => {
        db.goals.push(goal);
        return goal;
      },
    );
    return noContent();
  }),
];
