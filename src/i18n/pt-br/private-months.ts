// Brazilian Portuguese words of private months (see src/i18n/en/private-months.ts).
import type { Messages } from '../en.js';

export const privateMonths: Messages['privateMonths'] = {
  title: 'Meses privados',
  description:
    'Um mês privado é criptografado neste dispositivo antes de ser enviado, e só os seus dispositivos conseguem descriptografá-lo: ninguém mais consegue lê-lo, nem o Monthbook.',
  howItWorks:
    'A chave dele é feita a partir da sua senha, com uma chave de recuperação que só você guarda: 24 palavras, ou um arquivo.',
  notYet: 'Um mês se torna privado pela janela Editar dele, depois que isto estiver configurado.',
  loading: 'Carregando…',
  loadFailed: 'Não foi possível saber se os meses privados estão configurados',
  tryAgain: 'Tentar de novo',
  resetWarning:
    'Se você redefinir sua senha por e-mail, seus meses privados continuam trancados até você digitar sua chave de recuperação.',
  lossWarning:
    'Sem a sua senha e sem a sua chave de recuperação, o conteúdo dos seus meses privados se perde para sempre: ninguém consegue recuperá-lo, nem o Monthbook.',
  setUp: 'Configurar meses privados…',
  isSetUp: 'Os meses privados estão configurados nesta conta.',
  newKeyWarning:
    'Uma nova chave de recuperação substitui a que você tem: assim que ela for salva, as palavras antigas deixam de funcionar.',
  showNewKey: 'Mostrar uma nova chave de recuperação…',
  openHere:
    'Abertos neste dispositivo: a chave dos seus meses privados fica guardada aqui até você sair.',
  lockedHere:
    'Trancados neste dispositivo. Sua senha os abre; depois de uma redefinição por e-mail, sua chave de recuperação.',
  unlockPasswordLabel: 'Sua senha',
  unlock: 'Abrir meses privados',
  passwordDoesNotOpen:
    'Esta senha não abre seus meses privados. Se você redefiniu sua senha por e-mail, use sua chave de recuperação.',
  useRecoveryKey: 'Usar minha chave de recuperação',
  usePassword: 'Usar minha senha',
  needsRecoveryKey:
    'Sua senha não abre seus meses privados: ela foi redefinida por e-mail. Eles continuam trancados até você digitar sua chave de recuperação; depois disso, sua senha volta a abri-los.',
  recoveryWordsLabel: 'As 24 palavras da sua chave de recuperação',
  recoveryWordsHint: 'Em ordem, separadas por espaços ou quebras de linha.',
  chooseFile: 'Ou escolha seu arquivo de recuperação…',
  fileChosen: (name: string) => `Arquivo de recuperação: ${name}`,
  removeFile: 'Digitar as palavras',
  recoveryPasswordLabel: 'Sua senha atual',
  recoveryPasswordHint:
    'A chave dos seus meses privados passa a ficar sob ela, então ela os abre daqui em diante.',
  openWithRecoveryKey: 'Abrir com a chave de recuperação',
  noRecoveryKey:
    'Digite as 24 palavras da sua chave de recuperação, ou escolha seu arquivo de recuperação.',
  wordCount: 'Uma chave de recuperação tem 24 palavras: confira se não falta nem sobra nenhuma.',
  unknownWords: (positions: string, count: number) =>
    count === 1
      ? `A palavra ${positions} não é uma palavra de recuperação: confira a grafia.`
      : `As palavras ${positions} não são palavras de recuperação: confira a grafia.`,
  checksum: 'Uma destas palavras está errada: confira com a sua cópia.',
  notARecoveryFile: 'Este não é um arquivo de recuperação do Monthbook.',
  wrongRecoveryKey:
    'Esta chave de recuperação não abre seus meses privados: ela é de outra conta, ou foi substituída depois por uma nova chave de recuperação.',
  openedHere: 'Seus meses privados estão abertos neste dispositivo.',
  recovered:
    'Seus meses privados estão abertos neste dispositivo, e sua senha volta a abri-los daqui em diante.',
  recoveryChangedElsewhere:
    'Suas chaves foram alteradas em outro dispositivo enquanto isso, então nada foi substituído. Tente de novo.',
  setUpTitle: 'Configurar meses privados',
  newKeyTitle: 'Uma nova chave de recuperação',
  nothingStoredYet:
    'Nada é guardado até você anotar sua chave de recuperação e conferi-la. Fechar antes disso deixa tudo como estava.',
  passwordLabel: 'Senha atual',
  passwordForSetUp: 'A chave dos seus meses privados é feita a partir dela, neste dispositivo.',
  passwordForNewKey: 'Ela abre a chave dos seus meses privados, neste dispositivo.',
  incorrectPassword: 'Senha incorreta.',
  checkFailed: 'Não foi possível verificar sua senha. Verifique sua conexão e tente de novo.',
  makeKey: 'Continuar',
  working: 'Criando suas chaves: isso leva um instante…',
  opening: 'Abrindo sua chave: isso leva um instante…',
  keyFailed:
    'Não foi possível criar ou abrir sua chave neste dispositivo. Recarregue a página e tente de novo.',
  keyTitle: 'Sua chave de recuperação',
  keyIntro:
    'Anote estas 24 palavras na ordem, ou salve-as como arquivo, e guarde-as em um lugar seguro, longe deste dispositivo. Elas aparecem só desta vez.',
  wordsLabel: 'As 24 palavras da sua chave de recuperação',
  copyWords: 'Copiar as palavras',
  copied: 'Copiadas',
  saveFile: 'Salvar como arquivo',
  fileComments: [
    'Chave de recuperação do Monthbook: ela abre seus meses privados se você esquecer sua senha.',
    'Guarde-a em segurança e em sigilo, longe do dispositivo em que você escreve.',
  ],
  keptIt: 'Já guardei',
  checkTitle: 'Confira sua chave de recuperação',
  checkIntro: 'Digite estas três palavras da sua chave de recuperação, a partir da sua cópia.',
  wordLabel: (position) => `Palavra ${position}`,
  wrongWord: (position) => `Esta não é a palavra ${position} da sua chave de recuperação.`,
  backToWords: 'Mostrar as palavras de novo',
  finish: 'Conferir e salvar',
  saving: 'Salvando…',
  cancel: 'Cancelar',
  close: 'Fechar',
  saveFailed: 'Não foi possível salvar suas chaves. Verifique sua conexão e tente de novo.',
  setUpDone: 'Os meses privados estão configurados. Guarde sua chave de recuperação em segurança.',
  newKeyDone: 'Sua nova chave de recuperação foi salva: as palavras antigas não funcionam mais.',
  setUpCancelled: 'Nada foi guardado: os meses privados não estão configurados.',
  newKeyCancelled: 'Nada mudou: sua chave de recuperação é a que você já tinha.',
  setUpElsewhere:
    'Os meses privados foram configurados em outro dispositivo enquanto isso, então nada deste dispositivo foi guardado. A chave de recuperação que aquele dispositivo mostrou é a que vale.',
  changedElsewhere:
    'Suas chaves foram alteradas em outro dispositivo enquanto isso, então nada foi substituído. Tente de novo para criar uma nova chave de recuperação.',
};
