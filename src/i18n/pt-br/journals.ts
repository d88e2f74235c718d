// Brazilian Portuguese words of a month's journals screen, its modals and 'Create a Month' (see src/i18n/en).
import type { Messages } from '../en.js';

export const journals: Messages['journals'] = {
  addJournal: 'Adicionar novo registro +',
  createRegister: 'Criar um registro',
  addGoal: 'Adicionar nova meta +',
  createGoal: 'Criar uma meta',
  registers: 'Registros',
  goals: 'Metas',
  backToMonths: 'Voltar para todos os meses',
  measure: 'Medida',
  noEntries: 'Nenhum registro ainda. Adicione o destaque de hoje para começar o mês.',
  editRegister: 'Editar registro',
  editJournalOf: (date) => `Editar o registro de ${date}`,
  deleteJournalOf: (date) => `Excluir o registro de ${date}`,
  noGoals: 'Nenhuma meta ainda.',
  deleteGoalNamed: (name) => `Excluir a meta ${name}`,
  date: 'Data',
  dateHint: 'O dia de que trata este registro',
  highlight: 'Destaque',
  highlightHint: 'O melhor momento do seu dia',
  habits: 'Hábitos',
  goal: 'Meta',
  statsTitle: 'O mês num relance',
  statsLoading: 'Carregando o mês num relance',
  statsFailed: 'Não foi possível carregar o mês num relance.',
  statsRetry: 'Tentar de novo',
};

export const months: Messages['months'] = {
  monthPlaceholder: 'ex.: Março de 2025',
  measure: 'Medida',
  measureHint: 'Algo para acompanhar todo dia, ex.: Horas de sono',
  habits: 'Hábitos',
  habitNumber: (number) => `Hábito ${number}`,
  removeHabit: (number) => `Remover o hábito ${number}`,
};

export const copyMonth: Messages['copyMonth'] = {
  button: (month) => `Copiar a medida e os hábitos de ${month}`,
  copied: (month) => `Copiado de ${month}. Altere o que quiser antes de salvar.`,
  nothing: (month) => `${month} não tem medida nem hábitos para copiar.`,
  failed: (month) => `Não foi possível carregar a medida e os hábitos de ${month}. Tente de novo.`,
};
