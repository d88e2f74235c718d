// Brazilian Portuguese words of reminders (see src/i18n/en/reminders.ts), and of the server's reminder messages.
import type { Messages } from '../en.js';

export const reminders: Messages['reminders'] = {
  title: 'Lembretes',
  description:
    'Um lembrete para escrever, enviado só nos dias em que você ainda não escreveu. Nunca contém nada do que você escreveu.',
  loading: 'Carregando seus lembretes…',
  loadFailed: 'Não foi possível carregar seus lembretes',
  tryAgain: 'Tentar de novo',
  timeLabel: 'Horário do lembrete diário',
  timeDescription: 'Deixe vazio para não receber lembrete diário.',
  clearTime: 'Sem lembrete diário',
  zoneLabel: 'Fuso horário',
  zonePlaceholder: 'Buscar fusos horários',
  zoneNothingFound: 'Nenhum fuso horário corresponde',
  deviceZone: (zone: string) => `Este dispositivo está em ${zone}.`,
  chooseDeviceZone: (zone: string) => `Usar ${zone}`,
  channels: 'Como lembrar você',
  pushLabel: 'Por notificação neste dispositivo',
  pushDescription:
    'Uma notificação neste navegador, com um botão que abre o registro de hoje. Seu navegador pede permissão antes.',
  pushUnsupported:
    'Este navegador não recebe notificações push. No iPhone e no iPad, adicione o Monthbook à Tela de Início e abra-o por lá.',
  pushDenied:
    'As notificações estão bloqueadas para este site. Permita-as nas configurações do site no navegador e tente de novo.',
  pushRefused:
    'As notificações não foram permitidas, então os lembretes por notificação continuam desligados.',
  pushNoWorker:
    'Esta página ainda não está pronta para notificações. Recarregue-a e tente de novo.',
  pushFailed:
    'Não foi possível ativar as notificações neste dispositivo. Tente de novo mais tarde.',
  otherDevices: (count: number) =>
    count === 1
      ? 'Outro dispositivo também recebe lembretes por notificação.'
      : `Outros ${count} dispositivos também recebem lembretes por notificação.`,
  emailLabel: 'Por e-mail',
  emailTo: (address: string) => `Para ${address}.`,
  emailNeedsAddress: 'Lembretes por e-mail precisam de um endereço de e-mail confirmado.',
  goToEmail: 'Adicione um em Endereço de e-mail',
  digestLabel: 'Resumo semanal por e-mail',
  digestDescription:
    'Às segundas de manhã: quantos registros você escreveu, suas sequências de hábitos e a tendência de cada medida. Desligado, a menos que você o ligue.',
  noChannel:
    'Escolha notificação neste dispositivo ou e-mail, senão nenhum lembrete chega até você.',
  language: (name: string) => `Os lembretes são escritos em ${name}, o idioma desta página.`,
  languageNames: { en: 'inglês', ptBR: 'português (Brasil)' },
  save: 'Salvar lembretes',
  saved: 'Lembretes salvos',
  savedExceptPush:
    'Lembretes salvos, exceto por notificação neste dispositivo: não foi possível ativá-la.',
  savedState: '✓ Salvo',
  saveFailed: 'Não foi possível salvar seus lembretes',
  unsubscribeTitle: 'Cancelar e-mails',
  unsubscribeReminder:
    'Isto interrompe os e-mails de lembrete diário. Sua conta, seu diário e os lembretes por notificação continuam como estão.',
  unsubscribeDigest:
    'Isto interrompe o e-mail de resumo semanal. Sua conta, seu diário e seus lembretes diários continuam como estão.',
  unsubscribeAny:
    'Isto interrompe o tipo de e-mail do Monthbook em que este link veio (lembretes diários ou o resumo semanal). Sua conta e seu diário continuam como estão.',
  unsubscribeButton: 'Cancelar inscrição',
  unsubscribeIncomplete:
    'Este link está incompleto. Abra de novo o link do e-mail ou desligue os e-mails nas Configurações.',
  unsubscribeFailed:
    'Não foi possível cancelar a inscrição agora. Tente de novo daqui a alguns minutos.',
  openSettings: 'Abrir Configurações',
};

export const reminderMessages: Messages['reminderMessages'] = {
  invalidTime:
    'Informe um horário como HH:MM (24 horas), ou deixe vazio para não receber lembrete diário.',
  invalidTimeZone: 'Escolha um fuso horário da lista.',
  invalidLanguage: 'Escolha English ou Português (Brasil).',
  emailNeedsAddress:
    'Adicione e confirme um endereço de e-mail antes para receber lembretes por e-mail.',
  invalidEndpoint:
    'Esta inscrição de notificações não é válida (o endpoint deve ser um endereço https).',
  invalidKeys:
    'Esta inscrição de notificações não é válida (as chaves faltam ou estão malformadas).',
  invalidUnsubscribeLink:
    'Este link de cancelamento é inválido. Desligue os e-mails nas Configurações.',
  unsubscribedReminder:
    'Você não vai mais receber e-mails de lembrete diário. Religue-os nas Configurações.',
  unsubscribedDigest:
    'Você não vai mais receber o e-mail de resumo semanal. Religue-o nas Configurações.',
};
