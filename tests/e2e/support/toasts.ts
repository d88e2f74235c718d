// Records every toast's text, colour and life span in the page itself (a MutationObserver), for the
// toast checks (docs/product-rules.md sections 4 and 8).
import type { BrowserContext, Page } from '@playwright/test';
import { TOAST_DURATION_MS } from '../../../contract/rules.js';
import { expect } from './fixtures.js';

export interface ToastRecord {
  text: string;
  /** The toast's colour: 'primary' (no colour of its own: success), 'yellow' (warning) or 'red' (danger). */
  color: string;
  /** Milliseconds from the toast entering the page to leaving it; null while it is still shown. */
  lifetime: number | null;
}

/**
 * Runs in every document of the context before the app's scripts: notes when each Mantine
 * notification is added and removed, using the page's own clock, so the test process's timing
 * (slow on a loaded machine) cannot distort the measured life span.
 */
const RECORDER = `(() => {
  const records = [];
  window.__toastRecords = records;
  const ROOT = '.mantine-Notification-root';
  const rootsIn = (node) =>
    node.nodeType !== 1 ? [] : [...(node.matches(ROOT) ? [node] : []), ...node.querySelectorAll(ROOT)];
  new MutationObserver((mutations) => {
    const now = performance.now();
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes)
        for (const element of rootsIn(node))
          if (!records.some((record) => record.element === element))
            records.push({ element, added: now, removed: null });
      for (const node of mutation.removedNodes)
        for (const record of records)
          if (record.removed === null && (record.element === node || node.contains(record.element)))
            record.removed = now;
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORDER);
}

const READ = `(window.__toastRecords ?? []).map((record) => ({
  text: record.element.textContent ?? '',
  color: (/--notification-color:\\s*var\\(--mantine-color-([a-z]+)/.exec(record.element.getAttribute('style') ?? '') ?? [])[1] ?? 'primary',
  lifetime: record.removed === null ? null : Math.round(record.removed - record.added),
}))`;

export function readToasts(page: Page): Promise<ToastRecord[]> {
  return page.evaluate<ToastRecord[]>(READ);
}

/** Waits until every recorded toast has left the page and returns them all. */
export async function settledToasts(page: Page, timeout = 25_000): Promise<ToastRecord[]> {
  // Polled from here: waitForFunction would evaluate its predicate in a way the app's CSP forbids.
  let records: ToastRecord[] = [];
  await expect
    .poll(
      async () => {
        records = await readToasts(page);
        return records.every((record) => record.lifetime !== null);
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
  return records;
}

/**
 * The life span a 3-second toast may show: never less than its duration (timers do not fire
 * early), and at most the duration plus Mantine's exit transition and a loaded machine's delays.
 */
export const TOAST_LIFETIME_RANGE = {
  min: TOAST_DURATION_MS - 20,
  max: TOAST_DURATION_MS + 2_500,
} as const;
