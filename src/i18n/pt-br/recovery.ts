// Brazilian Portuguese words of account recovery (see src/i18n/en/recovery.ts), and of the server's recovery messages.
import type { Messages } from '../en.js';

export const recovery: Messages['recovery'] = {
  forgotTitle: 'Redefinir sua senha',
  forgotIntro:
    'Digite seu nome de usuário ou o e-mail confirmado nas suas Configurações. Enviamos um link para escolher uma nova senha ao endereço confirmado da conta.',
  userOrEmail: 'Usuário ou e-mail',
  sendLink: 'Enviar link de redefinição',
  noAddressNote:
    'Uma conta sem e-mail confirmado não pode ser redefinida assim: adicione um nas Configurações enquanto ainda consegue entrar.',
  backToLogin: 'Voltar para o login',
  requestFailed: 'Não foi possível pedir o link de redefinição',
  resetTitle: 'Escolha uma nova senha',
  resetIntro: 'Todos os dispositivos conectados à sua conta serão desconectados.',
  resetPrivateMonths:
    'Se a sua conta tem meses privados, eles continuam trancados depois disto até você digitar sua chave de recuperação nas Configurações. Só a nova senha não consegue abri-los.',
  newPassword: 'Nova senha',
  confirmNewPassword: 'Confirme a nova senha',
  setPassword: 'Definir nova senha',
  linkIncomplete: 'Este link está incompleto. Abra de novo o link do e-mail.',
  linkDead: 'Este link já foi usado ou expirou.',
  checkingLink: 'Verificando o link…',
  askNewLink: 'Pedir um novo link',
  logIn: 'Entrar',
  resetFailed: 'Não foi possível definir a nova senha',
  confirmTitle: 'Confirme seu endereço de e-mail',
  confirming: 'Confirmando seu endereço de e-mail…',
  confirmed: (email: string) =>
    `${email} agora é o e-mail da sua conta. Se você esquecer a senha, um link de redefinição pode ser enviado para ele.`,
  confirmFailed: 'Não foi possível confirmar seu e-mail',
  tryAgain: 'Tentar de novo',
  openSettings: 'Abrir Configurações',
  emailTitle: 'Endereço de e-mail',
  emailDescription:
    'Opcional. Usado só para enviar um link se você esquecer a senha, e só depois de confirmado. Nunca compartilhado, nunca usado para outra coisa.',
  loading: 'Carregando…',
  loadFailed: 'Não foi possível carregar seu e-mail',
  noEmail: 'Nenhum e-mail ainda: uma senha esquecida não pode ser redefinida.',
  confirmedEmail: 'Endereço confirmado',
  pendingEmail: (email: string) =>
    `Aguardando confirmação: ${email}. Abra o link que enviamos para lá (ele vale por 24 horas).`,
  addEmail: 'Adicionar um e-mail…',
  changeEmail: 'Alterar e-mail…',
  emailLabel: 'Endereço de e-mail',
  currentPassword: 'Senha atual',
  sendConfirmation: 'Enviar link de confirmação',
  cancel: 'Cancelar',
  confirmationSent: (email: string) => `Link de confirmação enviado para ${email}`,
  sendFailed: 'Não foi possível enviar o link de confirmação',
  tooManyAttempts: (minutes: number) =>
    `Muitas tentativas. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
};

export const recoveryMessages: Messages['recoveryMessages'] = {
  invalidEmail: 'Informe um endereço de e-mail válido.',
  sameEmail: 'Este já é o seu endereço de e-mail.',
  invalidLink: 'Este link é inválido ou expirou. Peça um novo.',
  resetRequested:
    'Se uma conta corresponder e tiver um e-mail confirmado, um link para redefinir a senha está a caminho. Ele vale por 1 hora.',
  passwordReset:
    'Sua senha foi alterada e todos os dispositivos foram desconectados. Entre com a nova senha.',
  mailFailed: 'Não foi possível enviar o e-mail agora. Tente de novo daqui a alguns minutos.',
};
