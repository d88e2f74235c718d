// The journals page's "Month at a glance" section (English or Portuguese) and its habit grid.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

const GLANCE = /^(Month at a glance|O mês em resumo)$/;

export const glanceSection = (page: Page): Locator => page.getByRole('region', { name: GLANCE });

/** The habit grid: a row per habit, a column per entry. */
export const habitGrid = (page: Page): Locator =>
  page.getByRole('table', { name: /^Each habit on each entry/ });

/** Opens the section if it is closed (it remembers the choice), and checks that it opened. */
export async function openGlance(page: Page): Promise<void> {
  const toggle = glanceSection(page).getByRole('button', { name: GLANCE });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
}
