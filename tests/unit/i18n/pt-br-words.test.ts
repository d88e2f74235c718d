// @vitest-environment node
// Brazilian Portuguese as people in Brazil say it: weekday habits in the plural, no European turns of phrase.

import { calendar } from '../../../src/i18n/pt-br/calendar';
import { habitSchedules } from '../../../src/i18n/pt-br/habit-schedules';
import { journals } from '../../../src/i18n/pt-br/journals';

describe('pt-BR words', () => {
  it('says weekday schedules the Brazilian way', () => {
    const spoken = (...days: number[]) =>
      habitSchedules.spoken(
        'weekdays',
        days.map((day) => habitSchedules.dayLong[day] ?? ''),
        0,
      );
    expect(spoken(1, 3, 5)).toBe('às segundas, quartas e sextas');
    expect(spoken(6, 0)).toBe('aos sábados e domingos');
    expect(spoken(0, 3)).toBe('aos domingos e às quartas');
    expect(spoken(2)).toBe('às terças');
  });

  it('uses Brazilian words, not European ones ("num relance")', () => {
    const texts = JSON.stringify({ calendar, journals }, (_key, value: unknown) =>
      typeof value === 'function' ? String((value as (...a: string[]) => string)('2026')) : value,
    );
    expect(texts).not.toContain('num relance');
    expect(journals.statsTitle).toBe('O mês em resumo');
  });
});
