// Brazilian Portuguese words of the login and register pages (see src/i18n/en/auth.ts).
import type { Messages } from '../en.js';

export const auth: Messages['auth'] = {
  login: 'Entrar',
  register: 'Criar conta',
  user: 'Usuário',
  password: 'Senha',
  confirmPassword: 'Confirme a senha',
  usernameHint: 'Pelo menos 8 caracteres.',
  passwordHint:
    'Pelo menos 8 caracteres, com uma letra maiúscula, uma minúscula, um número e um destes: @$!%*?&.',
  noAccount: 'Ainda não tem conta?',
  haveAccount: 'Já tem uma conta?',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  badLogin: 'Usuário ou senha inválidos. Tente novamente.',
  tooManyAttempts: (minutes) =>
    `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  tooManyAttemptsLater: 'Muitas tentativas. Tente novamente mais tarde.',
  accountCreated: 'Conta criada — faça login',
  alreadySignedIn: 'Você já está conectado',
  alreadySignedInBody:
    'Criar outra conta desconecta você desta conta neste dispositivo. Seus meses continuam na sua conta.',
  openApp: 'Abrir o Monthbook',
  signOutAndRegister: 'Sair e criar uma conta',
  forgotPassword: 'Esqueceu a senha?',
};
