// The spec's fixed strings (docs/product-rules.md sections 2, 5 and 8) in English, in one list
// under their first names. The app reads them from its language's namespaces (src/i18n); this list
// is what the tests assert.
import { app } from './i18n/en/app.js';
import { auth } from './i18n/en/auth.js';
import { journals } from './i18n/en/journals.js';
import { legal } from './i18n/en/legal.js';
import { settings } from './i18n/en/settings.js';
import { COPYRIGHT_YEAR, site } from './i18n/en/site.js';
import { toasts } from './i18n/en/toasts.js';

export const TEXTS = {
  loading: site.loading,
  notFoundTitle: app.notFoundTitle,
  notFoundBody: app.notFoundBody,
  badLogin: auth.badLogin,
  settingsPage: settings.settingsPage,
  addMonth: app.addMonth,
  createMonth: app.createMonth,
  addHabit: app.addHabit,
  addJournal: journals.addJournal,
  createRegister: journals.createRegister,
  addGoal: journals.addGoal,
  createGoal: journals.createGoal,
  registers: journals.registers,
  goals: journals.goals,
  legalDate: legal.date,
  copyrightYear: COPYRIGHT_YEAR,
} as const;

/** Toast messages (docs/product-rules.md section 8). */
export const TOASTS = toasts;
