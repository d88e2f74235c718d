// The Brazilian Portuguese dictionary, loaded only when pt-BR is the active language (src/i18n/store.ts).
// Typed as the English shape: a missing or extra key, or a function with other parameters, is a type error.
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { IMPORT_MESSAGES } from '../../contract/export-format.js';
import { RECOVERY_MESSAGES } from '../../contract/recovery-rules.js';
import { MESSAGES } from '../../contract/rules.js';
import type { Messages } from './en.js';
import { app } from './pt-br/app.js';
import { auth } from './pt-br/auth.js';
import { offline, search, stats } from './pt-br/features.js';
import { copyMonth, journals, months } from './pt-br/journals.js';
import { landing } from './pt-br/landing.js';
import { legal, privacy, terms } from './pt-br/legal.js';
import { accountMessages, importMessages, messages, messageTranslator } from './pt-br/messages.js';
import { monthCard } from './pt-br/month-card.js';
import { recovery, recoveryMessages } from './pt-br/recovery.js';
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
  monthCard,
  copyMonth,
  search,
  stats,
  offline,
  settings,
  trash,
  recovery,
  messages,
  accountMessages,
  importMessages,
  recoveryMessages,
};

export const translation: Translation = {
  messages: ptBR,
  translateMessage: messageTranslator([
    [MESSAGES, messages],
    [ACCOUNT_MESSAGES, accountMessages],
    [IMPORT_MESSAGES, importMessages],
    [RECOVERY_MESSAGES, recoveryMessages],
  ]),
};
