// The Brazilian Portuguese dictionary, loaded only when pt-BR is the active language (src/i18n/store.ts).
// Typed as the English shape: a missing or extra key, or a function with other parameters, is a type error.
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { SUBSCRIPTION_ENDED_MESSAGES } from '../../contract/billing-messages.js';
import { EXPORT_PROBLEM_MESSAGES, IMPORT_MESSAGES } from '../../contract/export-format.js';
import { SCHEDULE_MESSAGES } from '../../contract/habit-schedule.js';
import { PERIOD_DATE_MESSAGES } from '../../contract/month-period.js';
import { RECOVERY_MESSAGES } from '../../contract/recovery-rules.js';
import { REMINDER_MESSAGES } from '../../contract/reminder-rules.js';
import { MESSAGES } from '../../contract/rules.js';
import { TRASH_MESSAGES } from '../../contract/trash-rules.js';
import { OFFLINE_TEXTS } from '../offline/texts.js';
import type { Messages } from './en.js';
import { app } from './pt-br/app.js';
import { auth } from './pt-br/auth.js';
import { calendar, periodDateMessages } from './pt-br/calendar.js';
import { conflicts } from './pt-br/conflicts.js';
import { offline, search, stats } from './pt-br/features.js';
import { habitSchedules } from './pt-br/habit-schedules.js';
import { copyMonth, journals, months } from './pt-br/journals.js';
import { landing } from './pt-br/landing.js';
import { legal, privacy, terms } from './pt-br/legal.js';
import { measureTargets } from './pt-br/measure-targets.js';
import {
  accountMessages,
  exportProblemMessages,
  importMessages,
  messages,
  messageTranslator,
  problemLineTranslator,
  scheduleMessages,
  trashMessages,
} from './pt-br/messages.js';
import { monthCard } from './pt-br/month-card.js';
import { monthPrivacy } from './pt-br/month-privacy.js';
import { notesMood } from './pt-br/notes-mood.js';
import { privateMonths } from './pt-br/private-months.js';
import { recovery, recoveryMessages } from './pt-br/recovery.js';
import { reminderMessages, reminders } from './pt-br/reminders.js';
import { settings } from './pt-br/settings.js';
import { site } from './pt-br/site.js';
import { toasts } from './pt-br/toasts.js';
import { trash } from './pt-br/trash.js';
import type { Translation } from './store.js';

export const ptBR: Messages = {
  site,
  landing,
  auth,
  legal,
  terms,
  privacy,
  app,
  toasts,
  journals,
  months,
  habitSchedules,
  measureTargets,
  notesMood,
  monthCard,
  calendar,
  copyMonth,
  search,
  stats,
  offline,
  conflicts,
  settings,
  trash,
  recovery,
  reminders,
  monthPrivacy,
  privateMonths,
  messages,
  accountMessages,
  importMessages,
  recoveryMessages,
  reminderMessages,
  periodDateMessages,
};

export const translation: Translation = {
  messages: ptBR,
  translateMessage: problemLineTranslator(
    messageTranslator([
      [MESSAGES, messages],
      [ACCOUNT_MESSAGES, accountMessages],
      [IMPORT_MESSAGES, importMessages],
      [TRASH_MESSAGES, trashMessages],
      [RECOVERY_MESSAGES, recoveryMessages],
      [REMINDER_MESSAGES, reminderMessages],
      [PERIOD_DATE_MESSAGES, periodDateMessages],
      // The API client's offline refusals (src/api/client.ts).
      [
        {
          readUnavailable: OFFLINE_TEXTS.readUnavailable,
          writeRefused: OFFLINE_TEXTS.writeRefused,
        },
        { readUnavailable: offline.readUnavailable, writeRefused: offline.writeRefused },
      ],
      // The paywall's refusal of a write to someone whose subscription ended.
      [
        SUBSCRIPTION_ENDED_MESSAGES,
        { subscriptionEnded: 'Sua assinatura terminou. Renove para voltar a escrever.' },
      ],
      [EXPORT_PROBLEM_MESSAGES, exportProblemMessages],
      [SCHEDULE_MESSAGES, scheduleMessages],
    ]),
  ),
};
