// Brazilian Portuguese words of the account settings screen (see src/i18n/en/settings.ts).
import type { Messages } from '../en.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const settings: Messages['settings'] = {
  settingsPage: 'página de configurações',
  exportTitle: 'Exportar seus dados',
  exportDescription:
    'Baixe uma cópia de tudo o que você escreveu: todos os meses num arquivo JSON que pode ser importado de novo, ou um mês como planilha CSV.',
  downloadAll: 'Baixar tudo (JSON)',
  monthAsCsv: 'Um mês em CSV',
  noMonths: 'Nenhum mês ainda.',
  csv: 'CSV',
  downloadMonthCsv: (name) => `Baixar ${name} em CSV`,
  monthsFailed: 'Não foi possível carregar seus meses',
  tryAgain: 'Tentar de novo',
  loadingMonths: 'Carregando seus meses…',
  exportFailed: 'Falha ao exportar',
  importTitle: 'Importar',
  importDescription: (maxMb) =>
    `Adicione à sua conta os meses de uma exportação do Monthbook (JSON, até ${maxMb} MB). Os meses que você já tem continuam como estão; o arquivo é importado por inteiro ou não é importado.`,
  exportFile: 'Arquivo exportado',
  chooseJson: 'Escolha um arquivo .json',
  importButton: 'Importar',
  importing: 'Importando…',
  nothingImported: 'Nada foi importado',
  importFailed: (reason) => `A importação falhou: ${reason}`,
  importProgress: 'Progresso da importação',
  phases: {
    reading: 'Lendo o arquivo…',
    checking: 'Verificando o arquivo…',
    uploading: 'Enviando o arquivo…',
    importing: 'Importando…',
  },
  importComplete: 'Importação concluída',
  checkingDuplicates: 'Comparando com os seus meses…',
  alreadyPresentTitle: 'Alguns meses parecem já ter sido importados',
  alreadyPresent: (count) =>
    `${count === 1 ? 'Este mês tem' : 'Estes meses têm'} o mesmo nome e as mesmas entradas ${count === 1 ? 'de um mês' : 'de meses'} da sua conta. Importar ${count === 1 ? 'o adiciona' : 'os adiciona'} de novo.`,
  importAnyway: 'Importar mesmo assim',
  cancelImport: 'Cancelar',
  imported: (summary) => `Importado: ${summary}`,
  counts: {
    months: (n) => plural(n, 'mês', 'meses'),
    habits: (n) => plural(n, 'hábito', 'hábitos'),
    measures: (n) => plural(n, 'medida', 'medidas'),
    goals: (n) => plural(n, 'meta', 'metas'),
    journals: (n) => plural(n, 'registro do diário', 'registros do diário'),
    daily_habits: (n) => plural(n, 'marcação de hábito', 'marcações de hábito'),
    daily_measures: (n) => plural(n, 'valor de medida', 'valores de medida'),
  },
  importSummary: (months, parts, last) => `${months} com ${parts} e ${last}.`,
  passwordTitle: 'Alterar senha',
  passwordDescription:
    'Seus outros aparelhos saem da conta quando a sessão atual deles terminar (em até 30 minutos); este continua conectado.',
  openPasswordForm: 'Alterar senha…',
  loading: 'Carregando…',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmNewPassword: 'Confirme a nova senha',
  changePassword: 'Alterar senha',
  passwordChanged: 'Senha alterada',
  passwordChangeFailed: 'Falha ao alterar a senha',
  deleteTitle: 'Excluir conta',
  deleteDescription:
    'Exclui sua conta com todos os meses, registros do diário e metas, e cancela sua assinatura. Isso não pode ser desfeito: baixe seus dados antes se quiser guardá-los.',
  openDeleteDialog: 'Excluir conta…',
  deleteQuestion: 'Excluir sua conta?',
  deleteWarning:
    'Tudo o que você escreveu no Monthbook será excluído para sempre e sua assinatura, cancelada. Digite sua senha para confirmar.',
  deleteMine: 'Excluir minha conta',
  notDeleted: (reason) => `Sua conta não foi excluída: ${reason}`,
};
