// Brazilian Portuguese words of the conflict dialogs (see src/i18n/en/conflicts.ts).
import type { Messages } from '../en.js';

export const conflicts: Messages['conflicts'] = {
  title: 'Alterado em outro dispositivo',
  body: (field: string) =>
    `Este campo (${field}) foi alterado em outro dispositivo depois que você começou a editar. Qual versão manter?`,
  fields: {
    highlight: 'destaque',
    name: 'nome',
    created_at: 'data',
    note: 'nota',
    mood: 'humor',
    is_completed: 'meta',
    is_practiced: 'marcação do hábito',
    metric: 'valor',
  },
  field: 'campo',
  mine: 'Sua versão',
  theirs: 'A outra versão',
  keepMine: 'Manter a minha',
  keepTheirs: 'Manter a outra',
  keepBoth: 'Manter as duas',
  bothTooLong: (limit: number) =>
    `As duas juntas passariam de ${limit} caracteres. Copie o que precisar de uma delas e mantenha a outra.`,
  yes: 'Sim',
  no: 'Não',
  empty: '(vazio)',
  deletedTitle: 'Excluído em outro dispositivo',
  deletedBody:
    'Você editou algo que foi excluído em outro dispositivo. Restaurar de Excluídos recentemente e aplicar sua alteração, ou descartar sua alteração?',
  deletedNoRestore:
    'Você editou algo que foi excluído em outro dispositivo. Sua alteração será descartada.',
  restore: 'Restaurar e aplicar',
  drop: 'Descartar minha alteração',
};
