// The journals page rendered on the server for the render cookie's user, and the plain shell whenever that cannot be.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  GLANCE_RENDERED_ATTRIBUTE,
  RENDER_COOKIE,
  RENDER_GLANCE_COOKIE,
  RENDER_LOCALE_COOKIE,
} from '../../contract/rules.js';
import { MAX_RENDERED_CARDS, RENDER_BUDGET_MS } from '../../server/services/server-render.js';
import { writeTempFiles } from '../support/temp-files.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
  tamperSignature,
} from '../support/test-app.js';

const SHELL = [
  '<html lang="en"><head><title>Monthbook — a journal organised by month</title>',
  '<script src="/early-data.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

/**
 * Stands in for the app's server bundle (src/prerender.tsx): lists the reads it was given, and
 * hands them back as its query state with the payment status, so the tests see what the server read
 * for whom and what it put in the page; its one heading is in the language it was asked for. The real bundle is
 * exercised by the browser tests.
 */
const RENDERER = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function renderJournalsPage(monthId, reads, locale, glanceOpen, paymentStatus) {
  if (reads[0].name === 'explode') throw new Error('render failed');
  const cards = reads[1].map((journal) => '<article>' + escape(journal.highlight) + '</article>');
  const heading = '<h2>' + (locale === 'pt-BR' ? 'Registros' : 'Registers') + '</h2>';
  const glance = glanceOpen ? '<section>glance open</section>' : '';
  return { html: '<main data-month="' + monthId + '">' + heading + glance + cards.join('') + '</main>', title: reads[0].name + ' — Monthbook', state: { reads, paymentStatus } };
}`;

let dir: string;
let testApp: TestApp;
let owner: TestUser;
let monthId: number;

const writeBuild = (files: Record<string, string>) => writeTempFiles('monthbook-render-', files);

async function post<T>(user: TestUser, url: string, payload: object): Promise<T> {
  const response = await injectAs(testApp, user, {
    method: 'POST',
    url,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as T;
}

const open = (path: string, cookie?: string, encoding = 'identity', language?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: path,
    headers: {
      'accept-encoding': encoding,
      ...(cookie === undefined ? {} : { cookie }),
      ...(language === undefined ? {} : { 'accept-language': language }),
    },
  });
const journalsPath = () => `/months/${monthId}/journals`;
const isShell = (body: string) => body.includes('<div id="root"></div>');

beforeAll(async () => {
  dir = writeBuild({
    'web/index.html': '<html>landing</html>',
    'web/spa.html': SHELL,
    'web/shells/journals.html': SHELL,
    'prerender/prerender.js': RENDERER,
  });
  testApp = await buildTestApp({ WEB_DIR: join(dir, 'web') });
  owner = await createUser(testApp);
  const month = await post<{ id: number }>(owner, '/api/months/', { name: 'January' });
  monthId = month.id;
  // `$'` and `$&` would be replacement patterns in String.replace: the text must arrive as typed.
  for (const highlight of ['Ran 5 km </script><script>alert(1)</script>', "Paid $'20 & $& more"]) {
    await post(owner, '/api/journals/', { highlight, month_id: monthId });
  }
});

afterAll(async () => {
  await testApp.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a journals page with the render cookie', () => {
  it("comes rendered with the user's entries, holding clicks until the app has hydrated it", async () => {
    const response = await open(journalsPath(), `theme=dark; ${RENDER_COOKIE}=${owner.access}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      `<div id="root" data-server-rendered><main data-month="${monthId}"><h2>`,
    );
    expect(response.body).toContain('<script src="/held-input.js"></script>');
    expect(response.body).toContain("<article>Paid $'20 &#38; $&#38; more</article>");
    expect(response.body).toContain('<article>Ran 5 km &#60;/script&#62;');
    expect(response.body).toContain('<title>January — Monthbook</title>');
  });

  it('is in English without a language cookie', async () => {
    const response = await open(journalsPath(), `${RENDER_COOKIE}=${owner.access}`);
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<h2>Registers</h2>');
  });

  it('is in Portuguese, and says so in <html lang>, for a pt-BR language cookie', async () => {
    const response = await open(
      journalsPath(),
      `${RENDER_LOCALE_COOKIE}=pt-BR; ${RENDER_COOKIE}=${owner.access}`,
    );
    expect(response.body).toContain('<html lang="pt-BR">');
    expect(response.body).toContain('<h2>Registros</h2>');
    expect(response.body).toContain("<article>Paid $'20 &#38; $&#38; more</article>");
  });

  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt-PT,pt;q=0.9,en;q=0.8', 'pt-BR'],
    ['fr-FR, en;q=0.5, pt;q=0.9', 'pt-BR'],
    ['de, en-GB;q=0.7', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])(
    "without a language cookie, is in the browser's language the app has (Accept-Language %j → %s)",
    async (language, locale) => {
      const response = await open(
        journalsPath(),
        `${RENDER_COOKIE}=${owner.access}`,
        'identity',
        language,
      );
      expect(response.body).toContain(`<html lang="${locale}">`);
      expect(response.body).toContain(
        locale === 'pt-BR' ? '<h2>Registros</h2>' : '<h2>Registers</h2>',
      );
    },
  );

  it("follows the language cookie over the browser's languages (a language chosen in the app)", async () => {
    const response = await open(
      journalsPath(),
      `${RENDER_LOCALE_COOKIE}=en; ${RENDER_COOKIE}=${owner.access}`,
      'identity',
      'pt-BR,pt;q=0.9',
    );
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<h2>Registers</h2>');
  });

  it.each(['pt', 'fr', '"><script>'])(
    'is in English for a language cookie naming no language of the app (%s)',
    async (value) => {
      const response = await open(
        journalsPath(),
        `${RENDER_LOCALE_COOKIE}=${encodeURIComponent(value)}; ${RENDER_COOKIE}=${owner.access}`,
      );
      expect(response.body).toContain('<html lang="en">');
      expect(response.body).toContain('<h2>Registers</h2>');
    },
  );

  it('shows the month at a glance open for the glance cookie, and says so on the root', async () => {
    const closed = await open(journalsPath(), `${RENDER_COOKIE}=${owner.access}`);
    expect(closed.body).toContain('<div id="root" data-server-rendered><main');
    expect(closed.body).not.toContain('glance open');

    const opened = await open(
      journalsPath(),
      `${RENDER_GLANCE_COOKIE}=open; ${RENDER_COOKIE}=${owner.access}`,
    );
    expect(opened.body).toContain(
      `<div id="root" data-server-rendered ${GLANCE_RENDERED_ATTRIBUTE}><main`,
    );
    expect(opened.body).toContain('<section>glance open</section>');

    // Any other value is the section closed.
    const other = await open(
      journalsPath(),
      `${RENDER_GLANCE_COOKIE}=1; ${RENDER_COOKIE}=${owner.access}`,
    );
    expect(other.body).not.toContain('glance open');
  });

  it('is kept by no cache, shared or private, and varies with the cookie', async () => {
    const response = await open(journalsPath(), `${RENDER_COOKIE}=${owner.access}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toMatch(/cookie/);
    expect(response.headers.etag).toBeUndefined();
  });

  it("renders from the seven reads' answers and brings the query state, for the app to hydrate without asking again", async () => {
    const response = await open(journalsPath(), `${RENDER_COOKIE}=${owner.access}`);
    const json = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(
      response.body,
    )?.[1];
    const { reads } = JSON.parse(String(json)) as { reads: unknown[] };

    const paths = [
      `api/months/${monthId}/`,
      `api/journals/?month=${monthId}`,
      `api/goals/?month=${monthId}`,
      `api/habits/?month=${monthId}`,
      `api/measures/?month=${monthId}`,
      `api/dailyhabits/?month=${monthId}`,
      `api/dailymeasures/?month=${monthId}`,
    ];
    expect(reads).toHaveLength(paths.length);
    for (const [index, path] of paths.entries()) {
      const api = await injectAs(testApp, owner, {
        method: 'GET',
        url: `/${path}`,
      });
      expect(reads[index]).toEqual(api.json());
    }
    // Inside a script element, no text may close it: `<` is escaped in the JSON.
    expect(String(json)).not.toContain('</script');
    // With the answers in the page, nothing is read early.
    expect(response.body).not.toContain('early-data.js');
  });

  it('is compressed for browsers that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: journalsPath(),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        cookie: `${RENDER_COOKIE}=${owner.access}`,
      },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('data-server-rendered');
  });
});

describe('the plain app shell, as without server rendering', () => {
  it.each([
    ['no cookie', () => undefined],
    ['an empty cookie', () => `${RENDER_COOKIE}=`],
    ['another cookie only', () => 'access=abc'],
    ['a tampered token', () => `${RENDER_COOKIE}=${tamperSignature(owner.access)}`],
    ['a token that is not one', () => `${RENDER_COOKIE}=not.a.jwt`],
  ])('with %s', async (_case, cookie) => {
    const response = await open(journalsPath(), cookie());
    expect(response.statusCode).toBe(200);
    expect(isShell(response.body)).toBe(true);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("for another user's month: nothing of it is shown", async () => {
    const stranger = await createUser(testApp);
    const response = await open(journalsPath(), `${RENDER_COOKIE}=${stranger.access}`);
    expect(isShell(response.body)).toBe(true);
    expect(response.body).not.toContain('January');
    expect(response.body).not.toContain('Ran 5 km');
  });

  it.each([
    '/months/999999/journals',
    '/months/0/journals',
    '/months/01/journals',
    '/months/x/journals',
  ])('for %s, which is no month of the user', async (path) => {
    const response = await open(path, `${RENDER_COOKIE}=${owner.access}`);
    expect(response.statusCode).toBe(200);
    expect(isShell(response.body)).toBe(true);
  });

  it('on other screens, even with the cookie', async () => {
    const response = await open('/months', `${RENDER_COOKIE}=${owner.access}`);
    expect(isShell(response.body)).toBe(true);
  });

  it('when rendering fails', async () => {
    const month = await post<{ id: number }>(owner, '/api/months/', { name: 'explode' });
    const response = await open(`/months/${month.id}/journals`, `${RENDER_COOKIE}=${owner.access}`);
    expect(response.statusCode).toBe(200);
    expect(isShell(response.body)).toBe(true);
  });
});

/**
 * `count` entries in the user's month, straight into the table (older months may hold more than
 * the quota); the database moves the data version, so cached reads see them.
 */
async function addJournals(app: TestApp, user: TestUser, month: number, count: number) {
  await app.database.db
    .insertInto('journals')
    .values(
      Array.from({ length: count }, (_, i) => ({
        author_id: user.id,
        month_id: month,
        created_at: '2024-01-01',
        highlight: `Entry ${i}`,
        highlight_search: `entry ${i}`,
      })),
    )
    .execute();
}

describe('bounded work', () => {
  it(`renders at most ${MAX_RENDERED_CARDS} cards: a month holding more gets the shell`, async () => {
    const month = await post<{ id: number }>(owner, '/api/months/', { name: 'Crowded' });
    await addJournals(testApp, owner, month.id, MAX_RENDERED_CARDS);
    const cookie = `${RENDER_COOKIE}=${owner.access}`;

    const full = await open(`/months/${month.id}/journals`, cookie);
    expect(full.body).toContain('data-server-rendered');
    expect(full.body.match(/<article>/g)).toHaveLength(MAX_RENDERED_CARDS);

    await addJournals(testApp, owner, month.id, 1);
    const over = await open(`/months/${month.id}/journals`, cookie);
    expect(over.statusCode).toBe(200);
    expect(isShell(over.body)).toBe(true);
  });

  it(`answers the shell once a page's render is known to take over ${RENDER_BUDGET_MS} ms`, async () => {
    // A renderer taking 3 ms a card: 150 cards are 450 ms, 20 cards 60 ms.
    const slowBuild = writeBuild({
      'web/index.html': '<html>landing</html>',
      'web/spa.html': SHELL,
      'web/shells/journals.html': SHELL,
      'prerender/prerender.js': `
export async function renderJournalsPage(monthId, reads) {
  const until = Date.now() + 3 * reads[1].length;
  while (Date.now() < until);
  return { html: '<main>' + reads[1].map(() => '<article></article>').join('') + '</main>', title: 'Slow', state: {} };
}`,
    });
    const slow = await buildTestApp({ WEB_DIR: join(slowBuild, 'web') });
    try {
      const user = await createUser(slow);
      const cookie = `${RENDER_COOKIE}=${user.access}`;
      const page = (month: number) =>
        slow.app.inject({ method: 'GET', url: `/months/${month}/journals`, headers: { cookie } });
      const monthOf = async (name: string, entries: number) => {
        const created = await injectAs(slow, user, {
          method: 'POST',
          url: '/api/months/',
          payload: { name },
        });
        const id = created.json<{ id: number }>().id;
        await addJournals(slow, user, id, entries);
        return id;
      };
      const big = await monthOf('Big', 150);
      const small = await monthOf('Small', 20);

      // The first render of the big month shows what a card costs; after it, the shell.
      expect((await page(big)).body).toContain('data-server-rendered');
      // The shell, without rendering the cards (whose cost is what the budget keeps off).
      expect(isShell((await page(big)).body)).toBe(true);
      // A page within the budget is still rendered.
      expect((await page(small)).body).toContain('data-server-rendered');
    } finally {
      await slow.close();
      rmSync(slowBuild, { recursive: true, force: true });
    }
  });
});

describe('for someone whose subscription ended', () => {
  it('comes rendered with their entries, and tells the app the subscription ended (notice and Renew)', async () => {
    const build = writeBuild({
      'web/shells/journals.html': SHELL,
      'prerender/prerender.js': RENDERER,
    });
    const billed = await buildTestApp({ WEB_DIR: join(build, 'web'), BILLING: 'local' });
    try {
      const user = await createUser(billed);
      const subscription = { id: `sub_${user.id}`, status: 'active' };
      await billed.app.billing.fulfilment.apply(user.id, { subscription });
      const created = (path: string, payload: object) =>
        injectAs(billed, user, { method: 'POST', url: path, payload });
      const month = (await created('/api/months/', { name: 'March' })).json<{ id: number }>();
      await created('/api/journals/', { highlight: 'Coffee by the window', month_id: month.id });
      await billed.app.billing.fulfilment.apply(user.id, {
        subscription: { ...subscription, status: 'canceled' },
      });

      const response = await billed.app.inject({
        method: 'GET',
        url: `/months/${month.id}/journals`,
        headers: { cookie: `${RENDER_COOKIE}=${user.access}` },
      });

      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<article>Coffee by the window</article>');
      // The page hydrated from this asks the API nothing: the payment check comes with it.
      const json = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(
        response.body,
      )?.[1];
      const state = JSON.parse(String(json)) as { paymentStatus: unknown };
      expect(state.paymentStatus).toEqual({ has_paid: false, lapsed: true });
    } finally {
      await billed.close();
      rmSync(build, { recursive: true, force: true });
    }
  });
});

describe('without the app server bundle beside the build', () => {
  it('answers the journals page with the shell', async () => {
    const bare = writeBuild({ 'web/shells/journals.html': SHELL, 'web/spa.html': SHELL });
    const other = await buildTestApp({ WEB_DIR: join(bare, 'web') });
    try {
      const user = await createUser(other);
      const response = await other.app.inject({
        method: 'GET',
        url: '/months/1/journals',
        headers: { cookie: `${RENDER_COOKIE}=${user.access}` },
      });
      expect(isShell(response.body)).toBe(true);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
