// The MSW fakes' contract check (contract-answers.ts): a drifted fake answer fails its test, by name.
import { HttpResponse, http } from 'msw';
import { fetchLaunchOffer } from '../../../src/api/launch-offer';
import { expectAnswersMatchContract, server, setupMswServer } from './server';
import { apiUrl } from './url';

setupMswServer();

describe("the MSW fakes' contract check", () => {
  it('passes the shared handlers, which answer as the server does', async () => {
    await fetchLaunchOffer();
    await expect(expectAnswersMatchContract()).resolves.toBeUndefined();
  });

  it('fails a test whose fake answers a shape the contract does not allow', async () => {
    server.use(
      http.get(apiUrl('api/billing/launch-offer'), () =>
        HttpResponse.json({ percent_off: 20, remaining: 'plenty' }),
      ),
    );
    await fetchLaunchOffer();
    await expect(expectAnswersMatchContract()).rejects.toThrow(
      "MSW fake drifted from the contract:\n- the fake's 200 answer to GET /api/billing/launch-offer does not match the contract: /remaining: Expected integer",
    );
  });

  it('fails a fake answering an endpoint the contract does not list', async () => {
    server.use(http.get(apiUrl('api/no-such-thing/'), () => HttpResponse.json({ ok: true })));
    await fetch(apiUrl('api/no-such-thing/'));
    await expect(expectAnswersMatchContract()).rejects.toThrow(
      'the fake answers GET /api/no-such-thing/ with 200, for which the contract names no schema',
    );
  });

  it('leaves made-up refusals alone: tests fake failures on purpose', async () => {
    server.use(
      http.get(apiUrl('api/billing/launch-offer'), () =>
        HttpResponse.json({ detail: 'Failed with 500' }, { status: 500 }),
      ),
    );
    await expect(fetchLaunchOffer()).rejects.toThrow('HTTP 500');
    await expect(expectAnswersMatchContract()).resolves.toBeUndefined();
  });
});
