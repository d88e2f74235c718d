// The words of reminder pushes, reminder mails and the weekly digest, in each language a user can save (en, pt-BR).
// Only words the app writes and numbers: never an entry, a goal, a habit's or a measure's name.
import type { ReminderLanguage } from '../../contract/reminder-rules.js';

/** The numbers of a weekly digest (the ISO week that ended on `end`). */
export interface DigestNumbers {
  /** First and last local dates of the week summed up, "YYYY-MM-DD". */
  start: string;
  end: string;
  /** Entries dated in that week, and in the week before. */
  entries: number;
  previousEntries: number;
  /** Habits practised at least once that week, of the habits of the months it touched. */
  habitsPractised: number;
  habits: number;
  /** The longest run of consecutive days, up to the week's last day, of any one habit. */
  bestStreak: number;
  /** Each measure with a value that week: its average, and last week's (null: none). */
  measures: { average: number; previousAverage: number | null }[];
}

export interface ReminderTexts {
  push: { title: string; body: string; actionTitle: string };
  reminderMail: {
    subject: string;
    paragraphs: string[];
    action: string;
    unsubscribe: (url: string) => string;
  };
  digestMail: {
    subject: (numbers: DigestNumbers) => string;
    paragraphs: (numbers: DigestNumbers) => string[];
    action: string;
    unsubscribe: (url: string) => string;
  };
}

const oneDecimal = (value: number, locale: string) =>
  value.toLocaleString(locale, { maximumFractionDigits: 1 });

const en: ReminderTexts = {
  push: {
    title: 'Time to write in Monthbook',
    body: 'You have not written today’s entry yet.',
    actionTitle: 'Write today’s entry',
  },
  reminderMail: {
    subject: 'A reminder to write today’s entry',
    paragraphs: [
      'You have not written today’s entry in Monthbook yet. A few lines are enough.',
      'This reminder comes only on days without an entry, at the time you chose in Settings.',
    ],
    action: 'Write today’s entry',
    unsubscribe: (url) => `To stop reminder emails with one click: ${url}`,
  },
  digestMail: {
    subject: ({ entries }) =>
      `Your week in Monthbook: ${entries} ${entries === 1 ? 'entry' : 'entries'}`,
    paragraphs: (n) => [
      `Your week from ${n.start} to ${n.end}:`,
      `Entries written: ${n.entries} of 7 days (the week before: ${n.previousEntries}).`,
      n.habits === 0
        ? 'Habits: none in these months.'
        : `Habits practised: ${n.habitsPractised} of ${n.habits}. Longest current streak: ${n.bestStreak} ${n.bestStreak === 1 ? 'day' : 'days'}.`,
      ...(n.measures.length === 0
        ? ['Measures: no values this week.']
        : n.measures.map((m, index) => {
            const trend =
              m.previousAverage === null
                ? 'no values the week before'
                : m.average > m.previousAverage
                  ? `up from ${oneDecimal(m.previousAverage, 'en')}`
                  : m.average < m.previousAverage
                    ? `down from ${oneDecimal(m.previousAverage, 'en')}`
                    : 'same as the week before';
            return `Measure ${index + 1}: average ${oneDecimal(m.average, 'en')}, ${trend}.`;
          })),
      'Names and texts stay in the app: this email carries numbers only.',
    ],
    action: 'Open Monthbook',
    unsubscribe: (url) => `To stop the weekly digest with one click: ${url}`,
  },
};

const ptBR: ReminderTexts = {
  push: {
    title: 'Hora de escrever no Monthbook',
    body: 'Você ainda não escreveu o registro de hoje.',
    actionTitle: 'Escrever o registro de hoje',
  },
  reminderMail: {
    subject: 'Um lembrete para escrever o registro de hoje',
    paragraphs: [
      'Você ainda não escreveu o registro de hoje no Monthbook. Algumas linhas bastam.',
      'Este lembrete só chega nos dias sem registro, no horário escolhido em Configurações.',
    ],
    action: 'Escrever o registro de hoje',
    unsubscribe: (url) => `Para deixar de receber lembretes por e-mail com um clique: ${url}`,
  },
  digestMail: {
    subject: ({ entries }) =>
      `Sua semana no Monthbook: ${entries} ${entries === 1 ? 'registro' : 'registros'}`,
    paragraphs: (n) => [
      `Sua semana de ${n.start} a ${n.end}:`,
      `Registros escritos: ${n.entries} de 7 dias (na semana anterior: ${n.previousEntries}).`,
      n.habits === 0
        ? 'Hábitos: nenhum nestes meses.'
        : `Hábitos praticados: ${n.habitsPractised} de ${n.habits}. Maior sequência atual: ${n.bestStreak} ${n.bestStreak === 1 ? 'dia' : 'dias'}.`,
      ...(n.measures.length === 0
        ? ['Medidas: nenhum valor nesta semana.']
        : n.measures.map((m, index) => {
            const trend =
              m.previousAverage === null
                ? 'sem valores na semana anterior'
                : m.average > m.previousAverage
                  ? `subiu de ${oneDecimal(m.previousAverage, 'pt-BR')}`
                  : m.average < m.previousAverage
                    ? `desceu de ${oneDecimal(m.previousAverage, 'pt-BR')}`
                    : 'igual à semana anterior';
            return `Medida ${index + 1}: média ${oneDecimal(m.average, 'pt-BR')}, ${trend}.`;
          })),
      'Nomes e textos ficam no app: este e-mail traz só números.',
    ],
    action: 'Abrir o Monthbook',
    unsubscribe: (url) => `Para deixar de receber o resumo semanal com um clique: ${url}`,
  },
};

export function reminderTexts(language: string): ReminderTexts {
  return (language as ReminderLanguage) === 'pt-BR' ? ptBR : en;
}
