import { HTTPError } from 'ky';
import { HttpResponse, http } from 'msw';
import { QUOTA_EXCEEDED, QUOTA_MESSAGES } from '../../../contract/quotas';
import { createGoal } from '../../../src/api/goals';
import { createJournal } from '../../../src/api/journals';
import { createMonth } from '../../../src/api/months';
import { QuotaExceededError } from '../../../src/api/quota';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';

setupMswServer();

const refuse = (path: string, body: object) =>
  server.use(http.post(apiUrl(path), () => HttpResponse.json(body, { status: 400 })));

describe('a create beyond a quota', () => {
  it.each([
    [
      'api/journals/',
      () => createJournal({ highlight: 'x', month_id: 1 }),
      QUOTA_MESSAGES.journals,
    ],
    ['api/goals/', () => createGoal({ name: 'x', month_id: 1 }), QUOTA_MESSAGES.goals],
    ['api/months/', () => createMonth({ name: 'x' }), QUOTA_MESSAGES.months],
  ])('%s rejects with the server’s detail as the message', async (path, create, detail) => {
    refuse(path, { detail, code: QUOTA_EXCEEDED });

    const error = await create().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as Error).message).toBe(detail);
  });

  it('leaves any other 400 an HTTPError', async () => {
    refuse('api/goals/', { name: ['This field may not be blank.'] });
    const error = await createGoal({ name: ' ', month_id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HTTPError);
  });
});
