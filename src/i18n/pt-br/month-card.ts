// Brazilian Portuguese words of a month card's counts (see src/i18n/en/month-card.ts).
import type { Messages } from '../en.js';

export const monthCard: Messages['monthCard'] = {
  entries: (count: number) => (count === 1 ? '1 registro' : `${count} registros`),
  goalsDone: (done: number, total: number) => `${done} de ${total} metas concluídas`,
};
