// Brazilian Portuguese words of a month card's counts (see src/i18n/en/month-card.ts).
import type { Messages } from '../en.js';

export const monthCard: Messages['monthCard'] = {
  entries: (count: number) => (count === 1 ? '1 registro' : `${count} registros`),
  goalsDone: (done: number, total: number) => `${done} de ${total} metas concluídas`,
  goals: (total: number) => (total === 1 ? '1 meta' : `${total} metas`),
  noPeriod: 'Sem mês do calendário',
  filterLabel: 'Encontrar um mês',
  filterHint: 'Pelo nome ou pelo ano, como “2019” ou “março”.',
  monthCount: (count: number) => (count === 1 ? '1 mês' : `${count} meses`),
  filterCount: (shown: number, total: number) =>
    `${shown} de ${total} ${total === 1 ? 'mês' : 'meses'}`,
  noMatch: (filter: string) => `Nenhum mês corresponde a “${filter}”.`,
  privateLocked: 'Mês privado (trancado neste dispositivo)',
  privateUndecryptable: 'Mês privado (não pode ser aberto)',
};
