// Brazilian Portuguese words of a month's journals screen, its modals and 'Create a Month' (see src/i18n/en).
import type { Messages } from '../en.js';

export const journals: Messages['journals'] = {
  addJournal: 'Adicionar novo registro +',
  createRegister: 'Criar um registro',
  addGoal: 'Adicionar nova meta +',
  createGoal: 'Criar uma meta',
  registers: 'Registros',
  goals: 'Metas',
  jumpToDay: 'Ir para o dia',
  chooseDay: 'Escolha um dia',
  backToMonths: 'Voltar para todos os meses',
  noMonthForToday: (date: string) => `Nenhum mês inclui hoje, ${date}.`,
  noMonthForTodayHint: 'Crie o mês dele para escrever o registro de hoje.',
  createMonthNamed: (name: string) => `Criar ${name}`,
  notNow: 'Agora não',
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
  statsTitle: 'O mês em resumo',
  statsLoading: 'Carregando o mês em resumo',
  statsFailed: 'Não foi possível carregar o mês em resumo.',
  statsRetry: 'Tentar de novo',
  unsavedTitle: 'Descartar o que você escreveu?',
  unsavedBody: 'O texto não salvo será perdido.',
  keepEditing: 'Continuar editando',
  discard: 'Descartar',
  draftRestored: 'Seu rascunho não salvo foi restaurado.',
  charactersLeft: (count, max) => `${count} / ${max} caracteres`,
  limitReached: 'Limite atingido',
  deletedElsewhere: {
    journal:
      'Este registro foi excluído em outro lugar (outra aba ou dispositivo). Você pode restaurá-lo em Configurações → Excluídos recentemente por 30 dias.',
    goal: 'Esta meta foi excluída em outro lugar (outra aba ou dispositivo). Você pode restaurá-la em Configurações → Excluídos recentemente por 30 dias.',
    month:
      'Este mês foi excluído em outro lugar (outra aba ou dispositivo). Você pode restaurá-lo em Configurações → Excluídos recentemente por 30 dias.',
    habit: 'Este hábito foi excluído em outro lugar (outra aba ou dispositivo).',
  },
  privateLocked:
    'Este mês é privado, e os meses privados estão trancados neste dispositivo. Abra-os em Configurações, em Meses privados.',
  privateUndecryptable:
    'Parte deste mês privado não pode ser aberta: está danificada ou não foi selada para este mês. Ela é mantida como está.',
  openSettings: 'Abrir Configurações',
  lockedItem: 'Trancado neste dispositivo',
  undecryptableItem: 'Não pode ser aberto',
};

export const months: Messages['months'] = {
  monthPlaceholder: 'ex.: Março, ou Treino de verão',
  measure: 'Medida',
  measureHint: 'Algo para acompanhar todo dia, ex.: Horas de sono',
  habits: 'Hábitos',
  habitNumber: (number) => `Hábito ${number}`,
  removeHabit: (number) => `Remover o hábito ${number}`,
  editIntro: 'Renomeie o mês, a medida e os hábitos, ou adicione e remova hábitos.',
  loadingItems: 'Carregando a medida e os hábitos do mês…',
  itemsOffline:
    'A medida e os hábitos deste mês não estão salvos neste dispositivo: renomeie-o agora e edite-os quando voltar a ficar online.',
  removeHabitQuestion: (name) =>
    `Remover o hábito “${name}”? As marcações dele em todos os registros deste mês também serão excluídas.`,
  keepHabit: 'Manter',
  confirmRemoveHabit: 'Remover hábito',
  removedHabits: (count) =>
    count === 1
      ? '1 hábito será removido ao salvar.'
      : `${count} hábitos serão removidos ao salvar.`,
};

export const copyMonth: Messages['copyMonth'] = {
  button: (month) => `Copiar a medida e os hábitos de ${month}`,
  copied: (month) => `Copiado de ${month}. Altere o que quiser antes de salvar.`,
  nothing: (month) => `${month} não tem medida nem hábitos para copiar.`,
  failed: (month) => `Não foi possível carregar a medida e os hábitos de ${month}. Tente de novo.`,
};
