// Brazilian Portuguese words of several measures per month, their units and daily targets.
import type { Messages } from '../en.js';

export const measureTargets: Messages['measureTargets'] = {
  addMeasure: 'Adicionar medida +',
  measureNumber: (number) => `Medida ${number}`,
  removeMeasure: (number) => `Remover medida ${number}`,
  unit: 'Unidade',
  unitPlaceholder: 'kg, h, km',
  target: 'Meta diária',
  targetPlaceholder: 'Opcional',
  direction: 'A meta é cumprida quando o valor é',
  atLeast: 'No mínimo',
  atMost: 'No máximo',
  settingsOf: (name) => `Unidade e meta diária de ${name || 'a medida'}`,
  removeMeasureQuestion: (name) =>
    `Remover a medida “${name}”? Os valores dela em todos os registros deste mês também são apagados.`,
  keepMeasure: 'Manter',
  confirmRemoveMeasure: 'Remover medida',
  removedMeasures: (count) =>
    count === 1
      ? '1 medida será removida ao salvar.'
      : `${count} medidas serão removidas ao salvar.`,
  optional: 'Opcional',
  onTarget: 'na meta',
  offTarget: 'fora da meta',
  goal: (atLeast, value) => `${atLeast ? 'no mínimo' : 'no máximo'} ${value}`,
  daysOnTarget: (days, total) => `${days} de ${total} ${total === 1 ? 'dia' : 'dias'} na meta`,
  targetLine: (goal) => `Meta: ${goal}`,
};
