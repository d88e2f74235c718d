// The weekday picker of a habit's schedule in Create a Month, in Chromium: styled chips on one line, light and dark, phone and desktop.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount } from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'weekday-picker');

async function openPicker(viewport: Viewport): Promise<Page> {
  const account = await seedAccount(session().server.url, uniqueUsername('days'));
  const page = await signedInPage(session(), viewport, account);
  await page.goto('/months');
  await (await visible(page.getByRole('button', { name: 'Add New Month +' }))).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Month' });
  await visible(dialog);
  await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Gym');
  await dialog
    .getByRole('combobox', { name: /Schedule/ })
    .first()
    .selectOption('weekdays');
  await visible(dialog.locator('label[for$="-day-3"]'));
  return page;
}

/** Whether Wednesday is chosen. */
const wednesday = (page: Page) =>
  page.evaluate<boolean>(`document.querySelector('[role="dialog"] input[id$="-day-3"]').checked`);

interface ChipBox {
  checked: boolean;
  inputArea: number;
  inputOpacity: string;
  labelTop: number;
  labelHeight: number;
  labelBorder: string;
  labelRight: number;
  bodyRight: number;
}

/** Each day's visible chip (its label) and its native checkbox, measured in the page. */
const MEASURE_CHIPS = `[...document.querySelectorAll('[role="dialog"] input[id*="-day-"]')].map((input) => {
  const label = document.querySelector('label[for="' + input.id + '"]');
  const box = input.getBoundingClientRect();
  const labelBox = label ? label.getBoundingClientRect() : null;
  return {
    checked: input.checked,
    inputArea: box.width * box.height,
    inputOpacity: getComputedStyle(input).opacity,
    labelTop: Math.round(labelBox ? labelBox.top : -1),
    labelHeight: Math.round(labelBox ? labelBox.height : 0),
    labelBorder: label ? getComputedStyle(label).borderTopStyle : '',
    labelRight: Math.round(labelBox ? labelBox.right : 0),
    bodyRight: (() => {
      const body = input.closest('.mantine-Modal-body');
      return Math.round(body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight));
    })(),
  };
})`;

const measureChips = (page: Page) => page.evaluate<ChipBox[]>(MEASURE_CHIPS);

test.describe('the weekday picker', () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`shows seven styled chips on one line, without native checkboxes, at ${viewport.width} px`, async () => {
      const page = await openPicker(viewport);
      mkdirSync(SHOTS, { recursive: true });
      const dialog = page.getByRole('dialog', { name: 'Create a Month' });
      await dialog.locator('label[for$="-day-3"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `light-${viewport.width}.png`) });
      const chips = await measureChips(page);
      expect(chips).toHaveLength(7);
      for (const chip of chips) {
        // The native checkbox is there for keyboards and screen readers, but not seen.
        expect(chip.inputArea <= 1 || chip.inputOpacity === '0').toBe(true);
        // A chip is a bordered pill of the xs size, not bare text.
        expect(chip.labelBorder).toBe('solid');
        expect(chip.labelHeight).toBeLessThan(32);
        // Inside the dialog: none is cut off at its right edge.
        expect(chip.labelRight).toBeLessThanOrEqual(chip.bodyRight);
      }
      // Saturday and Sunday sit on the same line as the weekdays.
      expect(new Set(chips.map((chip) => chip.labelTop)).size).toBe(1);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SHOTS, `dark-${viewport.width}.png`) });
      // The chip is what is clicked: it ticks the (hidden) checkbox.
      const before = await wednesday(page);
      await page.getByRole('dialog').locator('label[for$="-day-3"]').click();
      expect(await wednesday(page)).toBe(!before);
    });
  }
});

/** The Create a Month form's fields, measured in the page. */
const MEASURE_FORM = `(() => {
  const dialog = document.querySelector('[role="dialog"]');
  const unit = dialog.querySelector('input[id$="-unit"]');
  const style = getComputedStyle(unit);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const box = (element) => element.getBoundingClientRect();
  const habit = [...dialog.querySelectorAll('input')].find((input) =>
    (input.getAttribute('aria-label') || input.labels?.[0]?.textContent || '').startsWith('Habit 1'),
  );
  const schedule = dialog.querySelector('select[id$="-kind"]');
  return {
    placeholder: unit.placeholder,
    placeholderWidth: context.measureText(unit.placeholder).width,
    room: unit.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    habitHeight: box(habit).height,
    scheduleHeight: box(schedule).height,
    habitFont: getComputedStyle(habit).fontSize,
    scheduleFont: getComputedStyle(schedule).fontSize,
  };
})()`;

test.describe('the Create a Month form', () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    test(`shows the unit placeholder whole and a Schedule select of the form's size, at ${viewport.width} px`, async () => {
      const page = await openPicker(viewport);
      const form = await page.evaluate<{
        placeholder: string;
        placeholderWidth: number;
        room: number;
        habitHeight: number;
        scheduleHeight: number;
        habitFont: string;
        scheduleFont: string;
      }>(MEASURE_FORM);
      expect(form.placeholder).not.toBe('');
      expect(form.placeholderWidth).toBeLessThanOrEqual(form.room);
      expect(form.scheduleHeight).toBe(form.habitHeight);
      expect(form.scheduleFont).toBe(form.habitFont);
    });
  }
});
