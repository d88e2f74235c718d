// Brazilian Portuguese words of the calendar period, the month's calendar and the year view (#17).
import type { Messages } from '../en.js';

export const calendar: Messages['calendar'] = {
  periodLegend: 'Mês do calendário',
  periodHint: 'Mostra o mês como calendário e no seu ano.',
  periodMonth: 'Qual mês',
  periodYear: 'Ano',
  periodNone: '—',
  clearPeriod: 'Limpar mês do calendário',
  periodIncomplete: 'Escolha um mês e um ano entre 1900 e 2999.',
  viewAs: 'Mostrar registros como',
  list: 'Lista',
  calendar: 'Calendário',
  calendarOf: (month) => `Calendário de ${month}`,
  loadingCalendar: 'Carregando o calendário…',
  noPeriod:
    'Este mês não tem mês do calendário, então não pode ser mostrado como calendário. Defina um (por exemplo, março de 2026) para ver os dias.',
  setPeriod: 'Definir mês do calendário',
  dayLabel: (weekdayAndDate, details) => `${weekdayAndDate}: ${details}`,
  entries: (count) => (count === 1 ? 'registro' : `${count} registros`),
  habitsDone: (done, total) => `${done} de ${total} ${total === 1 ? 'hábito' : 'hábitos'}`,
  mood: (mood) => `humor ${mood} de 5`,
  today: 'hoje',
  calendarHint:
    'Um dia abre o seu registro ou cria um nesse dia; um dia com vários registros mostra a lista deles. As setas do teclado passam de um dia a outro.',
  entriesOfDay: (date) => `Registros de ${date}`,
  newEntryOnDay: 'Novo registro neste dia',
  legendEntry: 'Tem registro',
  legendEmpty: 'Sem registro',
  viewYear: (year) => `Visão geral de ${year}`,
  yearsNav: 'Visão geral dos anos',
  yearTitle: (year) => `${year} em resumo`,
  previousYear: (year) => `Ano anterior, ${year}`,
  nextYear: (year) => `Próximo ano, ${year}`,
  yearLoading: 'Carregando o ano…',
  yearFailed: 'Não foi possível carregar o ano.',
  retry: 'Tentar de novo',
  yearEmpty: (year) =>
    `Nenhum mês tem mês do calendário em ${year} ainda. Defina o mês do calendário de um mês (Editar no cartão) para vê-lo aqui.`,
  yearTruncated: (shown) => `Só os primeiros ${shown} meses deste ano são mostrados.`,
  monthsOfYear: (year) => `Meses de ${year}`,
  measuresTitle: 'Medidas',
  noMeasures: 'Nenhuma medida tem valores neste ano.',
  measureChart: (name) => `${name} por mês`,
  measureSummary: (name, values) => `${name}: ${values}`,
  pixelsTitle: 'Ano em pixels',
  colourBy: 'Colorir os dias por',
  byMood: 'Humor',
  byHabits: 'Hábitos feitos',
  pixelDay: (date, detail) => `${date}: ${detail}`,
  noEntry: 'sem registro',
  noMood: 'sem humor',
  legendLess: 'Menos hábitos feitos',
  legendMore: 'Mais hábitos feitos',
  legendMoodLow: 'Humor 1',
  legendMoodHigh: 'Humor 5',
  habitsTitle: 'Hábitos',
  noHabits: 'Nenhum hábito neste ano.',
  habitRate: (done, total, percent) =>
    `${done} de ${total} ${total === 1 ? 'dia feito' : 'dias feitos'} (${percent})`,
  habitMonths: (count) => (count === 1 ? 'em 1 mês' : `em ${count} meses`),
};

/** The server's and the journal form's rule for an entry's date in a month with a period. */
export const periodDateMessages: Messages['periodDateMessages'] = {
  outsidePeriod: (span) => `Escolha uma data dentro deste mês: ${span}.`,
};
