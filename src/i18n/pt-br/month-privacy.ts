// Brazilian Portuguese words of a month's privacy (see src/i18n/en/month-privacy.ts).
import type { Messages } from '../en.js';

export const monthPrivacy: Messages['monthPrivacy'] = {
  title: 'Mês privado',
  isPrivate:
    'Este mês é privado: o conteúdo dele é criptografado neste dispositivo antes de ser enviado, e só os seus dispositivos conseguem lê-lo.',
  makePrivateIntro:
    'Torne-o privado: o nome, os hábitos, as medidas, as metas e os registros são criptografados neste dispositivo, e o servidor guarda só as datas. A busca no servidor, o CSV e os números do resumo semanal passam a deixá-lo de fora.',
  resetWarning:
    'Se você redefinir sua senha por e-mail, ele fica trancado até você digitar sua chave de recuperação.',
  makePrivate: 'Tornar este mês privado',
  notSetUp: 'Para tornar um mês privado, configure antes os meses privados em Configurações.',
  lockedHere:
    'Os meses privados estão trancados neste dispositivo: abra-os antes em Configurações.',
  openSettings: 'Abrir Configurações',
  offline: 'Você está offline: um mês pode ser tornado privado quando você voltar a ficar online.',
  madePrivate:
    'Este mês agora é privado. Os itens dele estão sendo criptografados: mantenha esta página aberta até as alterações aguardando sincronização serem enviadas.',
  failed: 'Não foi possível tornar este mês privado',
  makePlain: 'Deixar este mês comum de novo…',
  makePlainWarning:
    'O nome dele e tudo o que ele tem passam a ser enviados ao servidor como estão, e guardados lá legíveis, como os de qualquer mês.',
  keepPrivate: 'Manter privado',
  confirmPlain: 'Deixar comum',
  madePlain: 'Este mês é comum de novo.',
  plainFailed: 'Não foi possível deixar este mês comum de novo',
  notOpenHere:
    'Alguns itens dele não podem ser abertos neste dispositivo, então ele não pode ser deixado comum aqui.',
  newPrivate: 'Mês privado',
  newPrivateHint:
    'O nome dele e tudo o que ele tem são criptografados neste dispositivo antes de serem enviados. Se você redefinir sua senha por e-mail, ele fica trancado até você digitar sua chave de recuperação.',
};
