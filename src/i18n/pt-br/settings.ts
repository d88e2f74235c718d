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
  csvNotPrivate: 'Privado: sem CSV',
  downloadMonthCsv: (name) => `Baixar ${name} em CSV`,
  monthsFailed: 'Não foi possível carregar seus meses',
  tryAgain: 'Tentar de novo',
  loadingMonths: 'Carregando seus meses…',
  exportFailed: 'Falha ao exportar',
  exportPrivateNote:
    'Seus meses privados são abertos neste dispositivo e gravados no arquivo como texto simples: guarde o arquivo em lugar seguro.',
  exportPrivateLocked: (count) =>
    `O arquivo tem só seus meses comuns: ${count === 1 ? 'seu mês privado está bloqueado' : `seus ${count} meses privados estão bloqueados`} neste dispositivo. Abra-os em Meses privados abaixo e baixe de novo.`,
  exportPrivateLeftOut: (count) =>
    `${count === 1 ? 'Um item' : `${count} itens`} dos seus meses privados não ${count === 1 ? 'pôde ser aberto' : 'puderam ser abertos'} neste dispositivo e não ${count === 1 ? 'está' : 'estão'} no arquivo.`,
  importTitle: 'Importar',
  importDescription: (maxMb) =>
    `Adicione à sua conta os meses de uma exportação do Monthbook (JSON, até ${maxMb} MB). Os meses que você já tem continuam como estão; o arquivo é importado por inteiro ou não é importado.`,
  importOtherApps: (maxGb) =>
    `Ou traga seu histórico do Day One, Daylio, Loop Habit Tracker, jrnl ou Apple Saúde: escolha o arquivo de exportação que o app gerou, do jeito que está (até ${maxGb} GB). Você vê o que será adicionado antes de qualquer gravação, e importar de novo adiciona só o que for novo.`,
  exportFile: 'Arquivo exportado',
  chooseJson: 'Escolha um arquivo de exportação',
  previewTitle: (source) => `Pronto para importar de ${source}`,
  previewSummary: (summary) => `Isto adiciona ${summary}`,
  mergedMonths: (names) => `Nos seus meses do mesmo mês do calendário: ${names}.`,
  alreadyImported: (n) =>
    n === 1
      ? '1 registro já foi importado antes e fica de fora.'
      : `${n} registros já foram importados antes e ficam de fora.`,
  notes: {
    photos_left_out: (n) => `${plural(n, 'foto', 'fotos')} de fora: o Monthbook não guarda fotos.`,
    tags_kept_in_note: (n) =>
      `As tags de ${plural(n, 'registro', 'registros')} ficam no fim da nota.`,
    starred_kept_in_note: (n) =>
      `A estrela de ${plural(n, 'registro', 'registros')} fica como ⭐ na nota.`,
    location_kept_in_note: (n) =>
      `O lugar de ${plural(n, 'registro', 'registros')} fica como 📍 na nota.`,
    unknown_moods: (n) =>
      `${plural(n, 'registro tem um humor', 'registros têm humores')} de nível desconhecido: escolha abaixo, ou eles ficam sem humor.`,
    schedule_approximated: (n) =>
      `${plural(n, 'frequência de hábito ajustada', 'frequências de hábito ajustadas')} para o número de vezes por semana mais próximo.`,
    types_left_out: (n) => `${plural(n, 'tipo', 'tipos')} de registro do Saúde não importados.`,
    rows_unreadable: (n) => `${plural(n, 'linha ilegível', 'linhas ilegíveis')} de fora.`,
  },
  moodLevelLabel: (name) => `Nível do humor “${name}”`,
  moodLevelNone: 'Sem humor',
  moodLevel: (level) => `${level} de 5`,
  confirmImport: 'Importar',
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
    `${count === 1 ? 'Este mês tem' : 'Estes meses têm'} o mesmo nome e o mesmo mês do calendário ${count === 1 ? 'de um mês' : 'de meses'} da sua conta. Importar tudo ${count === 1 ? 'o adiciona' : 'os adiciona'} de novo.`,
  importNewOnly: 'Importar só os meses novos',
  importAnyway: 'Importar mesmo assim',
  cancelImport: 'Cancelar',
  imported: (summary) => `Importado: ${summary}`,
  skippedMonths: (names) => `Deixados de fora, já estão na sua conta: ${names}.`,
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
  undoImport: 'Desfazer esta importação',
  undoImportTitle: 'Desfazer esta importação?',
  undoImportBody:
    'Tudo o que esta importação criou vai para Excluídos recentemente como um só item, com as alterações que você fez depois. Você pode restaurá-lo de lá por 30 dias.',
  importUndoneTitle: 'Importação desfeita',
  importUndone: (summary) => `Movido para Excluídos recentemente: ${summary}`,
  undoneSummary: (months, list) => {
    if (months === '') return list === '' ? 'nada.' : `${list}.`;
    return list === '' ? `${months}.` : `${months} com ${list}.`;
  },
  listOf: (others, last) => `${others} e ${last}`,
  undoImportFailed: 'Falha ao desfazer a importação',
  passwordTitle: 'Alterar senha',
  passwordDescription: 'Seus outros aparelhos saem da conta na hora; este continua conectado.',
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
