// API tests for /api/goals/: the shared month-item suite plus ticking goals off with is_completed.
import { MESSAGES } from '../../contract/rules.js';
import { seedGoal, seedMonth } from '../support/factories.js';
import { monthItemSuite } from '../support/month-item-suite.js';
import { injectAs, setUpTestApp } from '../support/test-app.js';

monthItemSuite({ path: '/api/goals', extra: { is_completed: false } });

describe('is_completed', () => {
  const { t, user } = setUpTestApp();

  const patch = (id: number, payload: object) =>
    injectAs(t, user, { method: 'PATCH', url: `/api/goals/${id}/`, payload });

  it('toggles either way with PATCH and answers the goal', async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id, 'Swim');

    const done = await patch(goal.id, { is_completed: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ...goal, is_completed: true, version: 2 });

    const undone = await patch(goal.id, { is_completed: false });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ ...goal, is_completed: false, version: 3 });
  });

  it('changes the name and the flag together', async () => {
    const goal = await seedGoal(t, user, (await seedMonth(t, user)).id, 'Swim');
    const response = await patch(goal.id, { name: 'Swim 5 km', is_completed: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...goal, name: 'Swim 5 km', is_completed: true, version: 2 });
  });

  it('can be created completed', async () => {
    const month = await seedMonth(t, user);
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/goals/',
      payload: { name: 'Done already', month_id: month.id, is_completed: true },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().is_completed).toBe(true);
  });

  it.each([
    [{ is_completed: 'maybe' }, { is_completed: [MESSAGES.invalidBoolean] }],
    [{ is_completed: null }, { is_completed: ['This field may not be null.'] }],
    [{ is_completed: [] }, { is_completed: [MESSAGES.invalidBoolean] }],
  ])('refuses %j and keeps the goal as it was', async (payload, errors) => {
    const goal = await seedGoal(t, user, (await seedMonth(t, user)).id);
    const response = await patch(goal.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await t.app.repos.forUser(user.id).goals.get(goal.id)).toEqual(goal);
  });
});
