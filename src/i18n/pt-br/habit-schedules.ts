// Brazilian Portuguese words of habit schedules and skip days.
import type { Messages } from '../en.js';

/** A weekday said as a habit: "segunda-feira" → "segundas", "sábado" → "sábados". */
const plural = (day: string) => `${day.replace(/-feira$/, '')}s`;

/**
 * "às segundas, quartas e sextas", "aos sábados e domingos", "aos domingos e às quartas": the
 * article changes with the gender (domingo and sábado are masculine), said once per run of one.
 */
function everyWeek(days: string[]): string {
  const words = days.map((day, index) => {
    const article = day === 'domingo' || day === 'sábado' ? 'aos' : 'às';
    const previous = days[index - 1];
    const previousArticle =
      previous === undefined
        ? null
        : previous === 'domingo' || previous === 'sábado'
          ? 'aos'
          : 'às';
    return article === previousArticle ? plural(day) : `${article} ${plural(day)}`;
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} e ${words.at(-1)}` : (words[0] ?? '');
}

export const habitSchedules: Messages['habitSchedules'] = {
  schedule: 'Frequência',
  scheduleOf: (name) => `Frequência de ${name || 'o hábito'}`,
  daily: 'Todo dia',
  weekdays: 'Dias escolhidos',
  timesPerWeek: 'Vezes por semana',
  days: 'Dias em que vale',
  timesLabel: 'Vezes por semana',
  pickADay: 'Escolha ao menos um dia.',
  dayShort: ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'],
  dayLong: [
    'domingo',
    'segunda-feira',
    'terça-feira',
    'quarta-feira',
    'quinta-feira',
    'sexta-feira',
    'sábado',
  ],
  compact: (kind, days, times) =>
    kind === 'daily' ? '' : kind === 'weekdays' ? days.join(', ') : `${times}×/semana`,
  spoken: (kind, days, times) =>
    kind === 'daily'
      ? 'todo dia'
      : kind === 'weekdays'
        ? everyWeek(days)
        : `${times} ${times === 1 ? 'vez' : 'vezes'} por semana`,
  skip: 'Pular',
  skipped: 'Pulado',
  skipHabit: (name) => `Pular ${name} (um dia de descanso planejado)`,
  skippedState: 'pulado',
  notDue: 'não previsto',
  habitStates: 'Feito, pulado ou não feito',
  weekShort: 'sem',
  weeksStreak: (count) => `${count} ${count === 1 ? 'semana' : 'semanas'}`,
  streakInWeeks: 'As sequências deste hábito contam semanas que cumpriram a meta.',
  weeksRate: (done, total, percent) =>
    `${done} de ${total} ${total === 1 ? 'semana cumprida' : 'semanas cumpridas'} (${percent})`,
};
