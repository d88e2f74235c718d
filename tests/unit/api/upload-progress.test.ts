// The XMLHttpRequest-backed fetch that reports upload progress: what it sends, what it answers, how it fails.
import { delay, HttpResponse, http } from 'msw';
import { fetchWithUploadProgress } from '../../../src/api/upload-progress';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';

// Placeholder answers: these tests check the HTTP client (headers, retries, refreshes), not the data.
setupMswServer({ transportOnly: true });

const url = apiUrl('api/upload-test/');

describe('fetchWithUploadProgress', () => {
  it('sends the method, headers and body, and reports the whole body as sent', async () => {
    let received: {
      method: string;
      type: string | null;
      auth: string | null;
      body: string;
    } | null = null;
    server.use(
      http.post(url, async ({ request }) => {
        received = {
          method: request.method,
          type: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          body: await request.text(),
        };
        return HttpResponse.json({ ok: true }, { status: 201, headers: { 'x-answer': 'yes' } });
      }),
    );
    const progress: [number, number][] = [];
    const body = JSON.stringify({ text: 'é'.repeat(1000) });

    const response = await fetchWithUploadProgress((sent, total) => progress.push([sent, total]))(
      url,
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', authorization: 'Bearer abc' },
      },
    );

    expect(received).toEqual({
      method: 'POST',
      type: 'application/json',
      auth: 'Bearer abc',
      body,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(await response.json()).toEqual({ ok: true });
    const bytes = new TextEncoder().encode(body).byteLength;
    expect(progress.at(-1)).toEqual([bytes, bytes]);
    expect(progress.every(([sent, total]) => sent <= total)).toBe(true);
  });

  it('answers a body-less status without a body', async () => {
    server.use(http.post(url, () => new HttpResponse(null, { status: 204 })));
    const response = await fetchWithUploadProgress(() => {})(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('rejects like fetch on a network failure and on an abort', async () => {
    server.use(http.post(url, () => HttpResponse.error()));
    await expect(
      fetchWithUploadProgress(() => {})(url, { method: 'POST', body: '{}' }),
    ).rejects.toBeInstanceOf(TypeError);

    let started!: () => void;
    const requested = new Promise<void>((resolve) => {
      started = resolve;
    });
    server.use(
      http.post(url, async () => {
        started();
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = fetchWithUploadProgress(() => {})(url, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    // Aborted once the request is on its way, not before it was sent.
    await requested;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
