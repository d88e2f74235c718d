// Brazilian Portuguese toasts (see src/i18n/en/toasts.ts).
import type { Messages } from '../en.js';

export const toasts: Messages['toasts'] = {
  habitUpdated: 'Hábito atualizado',
  habitUpdateFailed: 'Falha ao atualizar o hábito',
  journalDeleted: 'Registro excluído',
  journalDeleteFailed: 'Falha ao excluir o registro.',
  journalCreated: 'Registro criado',
  journalCreateFailed: 'Falha ao criar o registro',
  journalUpdated: 'Registro atualizado',
  journalUpdateFailed: 'Falha ao atualizar o registro',
  goalCreated: 'Meta criada',
  goalCreateFailed: 'Falha ao criar a meta',
  goalUpdated: 'Meta atualizada',
  goalUpdateFailed: 'Falha ao atualizar a meta',
  goalDeleted: 'Meta excluída',
  goalDeleteFailed: 'Falha ao excluir a meta.',
  monthCreated: 'Mês criado',
  monthCreateFailed: 'Falha ao criar o mês',
  monthDeleted: 'Mês excluído',
  monthDeleteFailed: 'Falha ao excluir o mês',
  monthRenamed: 'Mês renomeado',
  monthRenameFailed: 'Falha ao renomear o mês',
  monthNotSelected: 'Nenhum mês selecionado',
};
