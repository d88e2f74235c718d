// The English dictionary: every namespace's English module, and the shape each translation must have.
// Components import only their own namespace module (src/i18n/en/*), so a page's JavaScript carries
// only its own words; this aggregate is for types, tests and the Portuguese translator.
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { IMPORT_MESSAGES } from '../../contract/export-format.js';
import { PERIOD_DATE_MESSAGES } from '../../contract/month-period.js';
import { RECOVERY_MESSAGES } from '../../contract/recovery-rules.js';
import { REMINDER_MESSAGES } from '../../contract/reminder-rules.js';
import { MESSAGES } from '../../contract/rules.js';
import { OFFLINE_TEXTS } from '../offline/texts.js';
import { app } from './en/app.js';
import { auth } from './en/auth.js';
import { calendar } from './en/calendar.js';
import { conflicts } from './en/conflicts.js';
import { COPY_TEXTS } from './en/copy-month.js';
import { habitSchedules } from './en/habit-schedules.js';
import { journals } from './en/journals.js';
import { landing } from './en/landing.js';
import { legal } from './en/legal.js';
import { measureTargets } from './en/measure-targets.js';
import { monthCard } from './en/month-card.js';
import { monthPrivacy } from './en/month-privacy.js';
import { months } from './en/months.js';
import { notesMood } from './en/notes-mood.js';
import { PRIVACY_POLICY } from './en/privacy-policy.js';
import { privateMonths } from './en/private-months.js';
import { recovery } from './en/recovery.js';
import { reminders } from './en/reminders.js';
import { SEARCH_TEXTS } from './en/search.js';
import { settings } from './en/settings.js';
import { site } from './en/site.js';
import { STATS_TEXTS } from './en/stats.js';
import { TERMS_OF_USE } from './en/terms-of-use.js';
import { toasts } from './en/toasts.js';
import { trash } from './en/trash.js';

export const en = {
  site,
  landing,
  auth,
  legal,
  terms: TERMS_OF_USE,
  privacy: PRIVACY_POLICY,
  app,
  toasts,
  journals,
  months,
  habitSchedules,
  measureTargets,
  notesMood,
  monthCard,
  calendar,
  copyMonth: COPY_TEXTS,
  search: SEARCH_TEXTS,
  stats: STATS_TEXTS,
  offline: OFFLINE_TEXTS,
  conflicts,
  settings,
  trash,
  recovery,
  reminders,
  monthPrivacy,
  privateMonths,
  /** Validation and server messages (the server always answers in English). */
  messages: MESSAGES,
  accountMessages: ACCOUNT_MESSAGES,
  importMessages: IMPORT_MESSAGES,
  recoveryMessages: RECOVERY_MESSAGES,
  reminderMessages: REMINDER_MESSAGES,
  periodDateMessages: PERIOD_DATE_MESSAGES,
} as const;

/** The English shape with any text: strings stay strings, functions keep their parameters, tuples their length. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

export type Messages = Widen<typeof en>;
export type Namespace = keyof Messages;
