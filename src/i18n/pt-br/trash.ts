// Brazilian Portuguese words of the Recently deleted bin (see src/i18n/en/trash.ts).
import type { Messages } from '../en.js';

export const trash: Messages['trash'] = {
  title: 'Excluídos recentemente',
  description: (days: number) =>
    `Meses, registros e metas que você excluiu, e importações que você desfez, ficam aqui por ${days} dias. Restaure um para trazê-lo de volta como estava, com tudo o que tinha.`,
  empty: 'Nada excluído nos últimos 30 dias.',
  loading: 'Carregando itens excluídos…',
  loadFailed: 'Não foi possível carregar os itens excluídos',
  tryAgain: 'Tentar de novo',
  kinds: { month: 'Mês', journal: 'Registro', goal: 'Meta', import: 'Importação' },
  importLabel: (app) => `Importação de ${app}`,
  inMonth: (month: string) => `em ${month}`,
  deletedOn: (date: string) => `Excluído em ${date}`,
  keptUntil: (date: string) => `guardado até ${date}`,
  restore: 'Restaurar',
  restoreLabel: (label: string) => `Restaurar ${label}`,
  deleteForever: 'Excluir para sempre',
  deleteForeverLabel: (label: string) => `Excluir para sempre: ${label}`,
  confirmTitle: 'Excluir para sempre?',
  confirmBody: (label: string) =>
    `“${label}” será excluído para sempre. Isso não pode ser desfeito.`,
  restored: 'Restaurado',
  restoreFailed: 'Falha ao restaurar',
  purged: 'Excluído para sempre',
  purgeFailed: 'Falha ao excluir',
  undo: 'Desfazer',
};
