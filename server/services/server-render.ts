// Renders a signed-in user's journals page on the server, so its cards show before the app's code has run.
//
// The browser keeps the session in localStorage (docs/product-rules.md section 4), which a page
// request does not carry; the app copies its access token into the render cookie
// (src/api/render-cookie.ts) for this, and its language into the render locale cookie
// (src/i18n/store.ts), which the page is rendered in. The page's reads go through the API itself
// (inject), with that token: the same checks (token, payment, the month's owner) and the same bytes
// as the app's own reads. The page carries the query state it was rendered from, and the app
// hydrates it in place (src/server-html.ts) without asking again. Whenever any of that fails, the
// caller answers with the plain app shell, exactly as without this. So it does when the page would
// cost the event loop too much: more cards than a month may hold, or a render predicted (from the
// renders before it) to take longer than RENDER_BUDGET_MS; renderToString cannot be stopped once
// started, and a month of 12,000 entries took 7.6 s of it.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JOURNALS_PER_MONTH } from '../../contract/quotas.js';
import {
  type AppLocale,
  GLANCE_RENDERED_ATTRIBUTE,
  localeOfLanguages,
  RENDER_COOKIE,
  RENDER_GLANCE_COOKIE,
  RENDER_LOCALE_COOKIE,
} from '../../contract/rules.js';
import { journalsPageReads } from '../../contract/screen-reads.js';

/** What the server bundle of the app (src/prerender.tsx, built to dist/prerender) provides. */
interface AppRenderer {
  renderJournalsPage(
    monthId: number,
    reads: readonly unknown[],
    locale: AppLocale,
    glanceOpen: boolean,
    paymentStatus: unknown,
  ): Promise<{ html: string; title: string; state: unknown }>;
}

/**
 * The language the app will show: the render locale cookie's, which every start-up of the app
 * writes (any other value: English); before the app has written it (a first visit, or a cookie
 * cleared since), the request's `Accept-Language`, as the app picks from the same list.
 */
function renderLocale(request: FastifyRequest): AppLocale {
  const cookie = request.cookies[RENDER_LOCALE_COOKIE];
  if (cookie !== undefined) return cookie === 'pt-BR' ? 'pt-BR' : 'en';
  return localeOfLanguages(request.languages()) ?? 'en';
}

/**
 * The payment check, read with the page's seven: the page hydrated from this render asks the API
 * nothing, and someone whose subscription ended must still see it said, with Renew.
 */
const PAYMENT_STATUS_PATH = 'api/check-payment-status';

/** An empty month's reads, for the warm-up render (of month 1: the page's code needs a valid id). */
const WARM_UP_READS = [{ id: 1, name: '', author: 0 }, [], [], [], [], [], []];

/** The journals page's path; the month id as the API takes it (no leading zeros, no sign). */
const JOURNALS_PATH = /^\/months\/([1-9]\d{0,15})\/journals\/?$/;
const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[^"]*">/;
const EARLY_DATA = '<script src="/early-data.js"></script>';
/** Holds what the user clicks until the app has hydrated the page (public/held-input.js). */
const HELD_INPUT = '<script src="/held-input.js"></script>';
/**
 * Where the page's query state goes (src/server-html.ts): a JSON script, which runs nothing, so
 * the CSP's script-src stays 'self'.
 */
const SERVER_STATE_ID = 'server-state';

/** Most cards rendered on the server: one month's quota of journals (older months may hold more). */
export const MAX_RENDERED_CARDS = JOURNALS_PER_MONTH;
/** Longest a page's render may take (predicted) before the shell is answered instead: it holds the event loop. */
export const RENDER_BUDGET_MS = 200;
/**
 * A month of daily entries is rendered whatever the prediction: it takes tens of milliseconds in
 * React's production build, and a slow machine (or the development build the tests run) should
 * not lose the page its users open most.
 */
export const ALWAYS_RENDERED_CARDS = 31;
/**
 * Longest the page's reads may take. They leave the event loop free, so the bound is looser: only
 * that a busy database sends the shell (whose app reads for itself) rather than a page late.
 */
export const READS_BUDGET_MS = 1000;

/**
 * Predicts a render's time from its number of cards: the time per card of recent renders of at
 * least `MIN_SAMPLE` cards (fewer say more about the page's fixed cost than about cards). A page
 * refused for its prediction lowers the estimate a little, so one that was slow once (a cold
 * start, a busy machine) is tried again after a few requests rather than never.
 */
export class RenderCost {
  static readonly MIN_SAMPLE = 20;
  #msPerCard = 0;

  predict(cards: number): number {
    return this.#msPerCard * cards;
  }

  record(cards: number, ms: number): void {
    if (cards < RenderCost.MIN_SAMPLE) return;
    const sample = ms / cards;
    this.#msPerCard = this.#msPerCard === 0 ? sample : 0.7 * this.#msPerCard + 0.3 * sample;
  }

  refused(): void {
    this.#msPerCard *= 0.95;
  }
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ServerRender {
  /** The journals page for `request`'s user with their data, or null to answer with the shell. */
  journalsPage(request: FastifyRequest, path: string): Promise<string | null>;
}

/**
 * `shell` is the journals page's app shell from the build; `rendererPath` the app's server bundle.
 * Without the bundle, or with a shell made for an API at another address (the data would not be
 * this server's), nothing is rendered here.
 */
export async function createServerRender(
  app: FastifyInstance,
  shell: string,
  rendererPath: string,
): Promise<ServerRender | null> {
  if (!existsSync(rendererPath) || !shell.includes(ROOT) || !shell.includes(EARLY_DATA)) {
    return null;
  }
  const renderer = (await import(pathToFileURL(rendererPath).href)) as AppRenderer;
  // The first render loads the page's code and warms it up (about 80 ms): done now, in the
  // background, rather than in a user's request.
  renderer.renderJournalsPage(1, WARM_UP_READS, 'en', false, undefined).catch((error: unknown) => {
    app.log.warn({ err: error }, 'warming up the journals page renderer failed');
  });

  const cost = new RenderCost();

  async function read(path: string, token: string): Promise<unknown> {
    const response = await app.inject({
      method: 'GET',
      url: `/${path}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (response.statusCode !== 200) throw new ReadRefused(path, response.statusCode);
    return response.json();
  }

  return {
    async journalsPage(request, path) {
      const match = JOURNALS_PATH.exec(path);
      const token = request.cookies[RENDER_COOKIE] || null;
      if (!match?.[1] || token === null) return null;
      const monthId = Number(match[1]);
      // The app's language (src/i18n/store.ts): it hydrates the page only if it shows the same.
      const locale = renderLocale(request);
      // The month at a glance as the user keeps it (src/components/stats/glance-open.ts).
      const glanceOpen = request.cookies[RENDER_GLANCE_COOKIE] === 'open';
      const paths = journalsPageReads(monthId);
      try {
        let timer: NodeJS.Timeout | undefined;
        const reads = await Promise.race([
          Promise.all([...paths, PAYMENT_STATUS_PATH].map((readPath) => read(readPath, token))),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), READS_BUDGET_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        if (reads === null) return null;
        const paymentStatus = reads.pop();
        const cards = Array.isArray(reads[1]) ? reads[1].length : 0;
        if (cards > MAX_RENDERED_CARDS) return null;
        if (cards > ALWAYS_RENDERED_CARDS && cost.predict(cards) > RENDER_BUDGET_MS) {
          cost.refused();
          return null;
        }
        const started = performance.now();
        const page = await renderer.renderJournalsPage(
          monthId,
          reads,
          locale,
          glanceOpen,
          paymentStatus,
        );
        const took = performance.now() - started;
        cost.record(cards, took);
        if (took > RENDER_BUDGET_MS) {
          request.log.warn({ cards, ms: Math.round(took) }, 'journals page render over budget');
        }
        // Replaced by functions: a `$` in the user's text is no replacement pattern there.
        return (
          shell
            .replace(HTML_LANG, () => `<html lang="${locale}">`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
            // With the answers in the page, nothing is left to read early.
            .replace(
              EARLY_DATA,
              () =>
                `${HELD_INPUT}<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(page.state)}</script>`,
            )
            .replace(
              ROOT,
              () =>
                `<div id="root" data-server-rendered${glanceOpen ? ` ${GLANCE_RENDERED_ATTRIBUTE}` : ''}>${page.html}</div>`,
            )
        );
      } catch (error) {
        // A refused read (expired token, unpaid, another user's month) is the app's to handle.
        if (!(error instanceof ReadRefused)) {
          request.log.error({ err: error }, 'server rendering of the journals page failed');
        }
        return null;
      }
    },
  };
}

class ReadRefused extends Error {
  constructor(path: string, status: number) {
    super(`GET /${path} answered ${status}`);
  }
}

/** The shell file's text, or null when the build has none. */
export function readShell(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}
