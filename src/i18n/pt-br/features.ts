// Brazilian Portuguese words of search, month at a glance and offline reading (see their *-texts.ts modules).
import type { Messages } from '../en.js';

export const search: Messages['search'] = {
  open: 'Pesquisar registros',
  button: 'Pesquisar',
  title: 'Pesquisar registros',
  label: 'Palavras do destaque ou da nota',
  placeholder: 'ex.: café com a Ana',
  hint: 'Encontra registros de todos os meses cujo destaque ou nota tenha todas estas palavras. Maiúsculas e acentos não importam.',
  searching: 'Pesquisando…',
  failed: 'A pesquisa falhou. Verifique sua conexão e tente de novo.',
  retry: 'Tentar de novo',
  results: 'Resultados da pesquisa',
  none: (words) => `Nenhum registro corresponde a “${words}”.`,
  found: (count) => (count === 1 ? '1 registro encontrado' : `${count} registros encontrados`),
  more: (count) => `As ${count} correspondências mais recentes; há mais abaixo`,
  loadMore: 'Carregar mais',
  loadingMore: 'Carregando mais…',
  filters: 'Filtrar por data',
  year: 'Ano',
  month: 'Mês',
  anyYear: 'Qualquer ano',
  anyMonth: 'Qualquer mês',
  tooShort: 'Digite uma palavra de pelo menos 2 letras: letras soltas ficam de fora.',
  tooMany: (max) => `Use no máximo ${max} palavras.`,
};

export const stats: Messages['stats'] = {
  measure: 'Medida',
  byDay: (measure) => `${measure} por dia`,
  measureSummary: (latest, low, high) => `Último ${latest} · Mínimo ${low} · Máximo ${high}`,
  measureTableCaption: (measure) => `${measure} por dia, uma linha por dia com valor`,
  date: 'Data',
  value: 'Valor',
  noMeasure: 'Este mês não tem medida para o gráfico.',
  noValues: (measure) => `Nenhum valor de ${measure} ainda.`,
  noEntries: 'Nenhum registro ainda: escreva o primeiro e seu mês aparece aqui.',
  habits: 'Hábitos',
  habitsCaption:
    'Cada hábito em cada registro, do mais antigo ao mais recente, com a taxa de conclusão e as sequências',
  habit: 'Hábito',
  rate: 'Taxa',
  streak: 'Seq.',
  streakLong: 'Sequência atual',
  best: 'Recorde',
  bestLong: 'Maior sequência',
  ticked: 'Marcado',
  notTicked: 'Não marcado',
  noCheckbox: 'Sem caixa de seleção',
  noHabits: 'Este mês não tem hábitos.',
  noHabitEntries: 'Marcações, taxas e sequências aparecem depois do primeiro registro.',
  gridRegion: 'Grade de hábitos (rola para os lados)',
  goals: 'Progresso das metas',
  goalsOf: (completed, total) => `${completed} de ${total}`,
  goalsLabel: 'Metas concluídas',
  goalsValueText: (completed, total) => `${completed} de ${total} metas concluídas`,
  noGoals: 'Nenhuma meta ainda.',
};

export const offline: Messages['offline'] = {
  bannerTitle: 'Você está off-line',
  bannerBody:
    'Mostrando os dados salvos neste aparelho. Suas alterações ficam guardadas aqui e são sincronizadas quando você se reconectar.',
  writeRefused: 'Você está off-line. Não é possível salvar esta alteração até você se reconectar.',
  readUnavailable:
    'Você está off-line, e esta página não está salva neste aparelho. Conecte-se à internet para abri-la.',
  allSaved: 'Todas as alterações salvas',
  waiting: (count: number) =>
    count === 1
      ? '1 alteração aguardando sincronização'
      : `${count} alterações aguardando sincronização`,
  syncFailed: 'Falha na sincronização — tentar de novo',
  pendingTitle: 'Alterações ainda não enviadas ao servidor',
  waitingHint:
    'Elas ficam guardadas neste aparelho e são enviadas em ordem assim que o servidor puder ser alcançado.',
  retryNow: 'Tentar agora',
  retry: 'Tentar de novo',
  discard: 'Descartar',
  edit: 'Editar',
  refused: 'Recusada pelo servidor',
  sending: 'Enviando…',
  queued: 'Aguardando',
  waitingMarker: 'Aguardando sincronização',
  refusedMarker: 'Não salvo — veja as alterações aguardando sincronização',
  dependsOnUnsaved: 'Esta alteração depende de outra que não foi salva.',
  sessionEnded: 'Sua sessão terminou. Entre de novo para enviar suas alterações.',
  changeNames: {
    'journal.create': 'Novo registro',
    'journal.update': 'Registro editado',
    'journal.delete': 'Registro excluído',
    'daily-measure.create': 'Medida de um registro',
    'daily-measure.update': 'Medida de um registro alterada',
    'daily-habit.create': 'Hábito de um registro',
    'daily-habit.update': 'Hábito marcado em um registro',
    'goal.create': 'Nova meta',
    'goal.update': 'Meta marcada',
    'goal.delete': 'Meta excluída',
  },
  change: 'Alteração',
  logoutTitle: 'Alterações não sincronizadas',
  logoutBody: (count: number) =>
    count === 1
      ? '1 alteração ainda não está no servidor. Sair a apaga deste aparelho.'
      : `${count} alterações ainda não estão no servidor. Sair as apaga deste aparelho.`,
  syncFirst: 'Sincronizar primeiro',
  logoutAnyway: 'Sair mesmo assim',
  cancel: 'Cancelar',
};
