// axe-core in a Chromium page: its WCAG 2 A/AA and best-practice violations, one line per node.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeCheck {
  /** A CSS selector of the part to check (it must be in the page); the whole document by default. */
  within?: string;
  /** Only these rules (e.g. `color-contrast`), instead of every rule of the tags above. */
  rules?: string[];
  /** Wait for running animations to end first: a half-faded element fails the contrast rule. */
  afterAnimations?: boolean;
}

/** The violations on the page as it is: rule, impact, the node's selector and what to fix. */
export async function axeViolations(
  page: Page,
  { within, rules, afterAnimations = false }: AxeCheck = {},
): Promise<string[]> {
  // Strings: these run in the page, and the tests' Node types have no DOM.
  if (afterAnimations)
    await page.waitForFunction(
      "document.getAnimations().every((animation) => animation.playState !== 'running')",
    );
  await page.evaluate(AXE_SOURCE);
  const options = {
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
  };
  const root = within
    ? `(document.querySelector(${JSON.stringify(within)}) ?? (() => { throw new Error('axe: nothing matches ${within}'); })())`
    : 'document';
  const results = await page.evaluate<AxeResults>(`axe.run(${root}, ${JSON.stringify(options)})`);
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
    ),
  );
}
