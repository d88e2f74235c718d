// Brazilian Portuguese words of an entry's mood and Markdown note, and of the month's mood switch.
import type { Messages } from '../en.js';

export const notesMood: Messages['notesMood'] = {
  mood: 'Humor',
  moodNames: ['péssimo', 'ruim', 'ok', 'bom', 'ótimo'],
  moodLabel: (value, name) => `Humor ${value} de 5: ${name}`,
  clearMood: 'Limpar humor',
  note: 'Nota',
  noteHint: 'Opcional. Markdown: **negrito**, _itálico_, listas, [links](https://…).',
  noteTabs: 'Nota: escrever ou pré-visualizar',
  write: 'Escrever',
  preview: 'Pré-visualizar',
  previewEmpty: 'Nada para pré-visualizar ainda.',
  noteCount: (count, max) =>
    `${count.toLocaleString('pt-BR')} / ${max.toLocaleString('pt-BR')} caracteres`,
  limitReached: 'Limite atingido',
  showMore: 'Mostrar mais',
  showLess: 'Mostrar menos',
  trackMood: 'Registrar humor',
  trackMoodHint: 'Cada registro pergunta como foi o dia, de 1 (péssimo) a 5 (ótimo).',
  moodChartTitle: 'Humor',
  moodChartLabel: (days) =>
    `Humor ao longo do mês, ${days} ${days === 1 ? 'dia avaliado' : 'dias avaliados'}, de 1 (péssimo) a 5 (ótimo)`,
  moodAverage: (average) => `Média ${average} de 5`,
  moodDay: (date, value, name) => `${date}: ${value} de 5, ${name}`,
};
