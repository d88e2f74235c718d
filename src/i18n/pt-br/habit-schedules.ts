// Brazilian Portuguese words of habit schedules and skip days (#17).
import type { Messages } from '../en.js';

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
        ? `às ${days.length > 1 ? `${days.slice(0, -1).join(', ')} e ${days.at(-1)}` : days[0]}`
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
};
