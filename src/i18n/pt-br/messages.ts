// Brazilian Portuguese validation and server messages, and the translator from the English ones.
import {
  EXPORT_FORMAT,
  EXPORT_VERSIONS,
  IMPORT_MAX_MB,
  OTHER_APP_IMPORT_MAX_MB,
} from '../../../contract/export-format.js';
import type { Messages } from '../en.js';

type MessageTexts = Messages['messages'];

export const messages: MessageTexts = {
  usernameTooShort: 'O nome de usuário deve ter pelo menos 8 caracteres.',
  usernameInvalid:
    'Informe um nome de usuário válido. Ele pode conter apenas letras, números e os caracteres @/./+/-/_.',
  usernameTaken: 'Já existe um usuário com esse nome.',
  passwordRules:
    'A senha deve ter pelo menos 8 caracteres, com pelo menos uma letra maiúscula, um número e um caractere especial.',
  passwordsDoNotMatch: 'As senhas não coincidem.',
  required: 'Este campo é obrigatório.',
  blank: 'Este campo não pode ficar em branco.',
  invalidNumber: 'Informe um número válido.',
  invalidBoolean: 'Deve ser um valor booleano válido.',
  invalidInteger: 'Informe um número inteiro válido.',
  invalidString: 'Não é um texto válido.',
  invalidDate: 'Formato de data inválido. Use este formato: AAAA-MM-DD.',
  maxLength: (max) => `Este campo deve ter no máximo ${max} caracteres.`,
  maxValue: (max) => `Este valor deve ser menor ou igual a ${max}.`,
  minValue: (min) => `Este valor deve ser maior ou igual a ${min}.`,
  invalidPk: (value) => `Chave "${String(value)}" inválida: o objeto não existe.`,
  notFound: 'Não encontrado.',
  methodNotAllowed: (method) => `Método "${method}" não permitido.`,
  paymentRequired: 'Pagamento necessário.',
  noCredentials: 'As credenciais de autenticação não foram fornecidas.',
  badToken: 'O token informado não é válido para nenhum tipo de token',
  badLogin: 'Nenhuma conta ativa foi encontrada com essas credenciais',
  refreshInvalid: 'O token é inválido ou expirou',
  wrongTokenType: 'O token é de um tipo errado',
  tooManyRequests: 'Muitas solicitações. Tente novamente mais tarde.',
};

export const accountMessages: Messages['accountMessages'] = {
  wrongCurrentPassword: 'Sua senha atual está incorreta.',
  wrongPassword: 'Senha incorreta.',
  userNotFound: 'Usuário não encontrado',
  billingUnavailable:
    'Não foi possível cancelar sua assinatura agora, então sua conta não foi excluída. Tente de novo daqui a alguns minutos.',
};

export const importMessages: Messages['importMessages'] = {
  notJson: 'O arquivo não é um JSON válido.',
  notExport: `Este arquivo não é uma exportação do Monthbook (seu "format" não é "${EXPORT_FORMAT}").`,
  unsupportedVersion: (version) =>
    `Versão de exportação ${JSON.stringify(version)} não suportada: este servidor lê as versões ${EXPORT_VERSIONS.join(' e ')}.`,
  tooLarge: `O arquivo é grande demais: as importações são limitadas a ${IMPORT_MAX_MB} MB.`,
  tooLargeAny: `O arquivo é grande demais: a exportação de outro app pode ter até ${OTHER_APP_IMPORT_MAX_MB} MB, a do Monthbook ${IMPORT_MAX_MB} MB.`,
  dryRun: 'dry_run deve ser true ou false.',
  lang: 'lang deve ser en ou pt-BR.',
  moods:
    'moods deve ser um objeto JSON de nomes de humor e níveis de 1 a 5, por exemplo {"super": 5}.',
};

/** English message texts (fixed, or functions of one value) beside their translations, key by key. */
type MessageTable = Readonly<Record<string, string | ((value: never) => string)>>;
type Translate = (message: string) => string | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Stands for a message's argument: no message contains it. */
const HOLE = '\u0000';

/**
 * Maps each English message to its translation: fixed ones by their text, and ones with a value
 * (`Ensure this field has no more than 50 characters.`) by the pattern their function writes,
 * the value carried over. Unknown messages come back as given.
 */
export function messageTranslator(
  tables: readonly (readonly [english: MessageTable, portuguese: MessageTable])[],
): (message: string) => string {
  const fixed = new Map<string, string>();
  const patterns: Translate[] = [];
  for (const [en, pt] of tables) {
    for (const key of Object.keys(en)) {
      const english = en[key];
      const translation = pt[key];
      if (typeof english === 'string' && typeof translation === 'string') {
        fixed.set(english, translation);
      } else if (typeof english === 'function' && typeof translation === 'function') {
        const [before = '', after = ''] = english(HOLE as never).split(HOLE);
        const pattern = new RegExp(`^${escapeRegExp(before)}(.*)${escapeRegExp(after)}$`, 's');
        patterns.push((message) => {
          const value = pattern.exec(message)?.[1];
          return value === undefined ? undefined : translation(value as never);
        });
      }
    }
  }
  return (message) => {
    const exact = fixed.get(message);
    if (exact !== undefined) return exact;
    for (const translate of patterns) {
      const translated = translate(message);
      if (translated !== undefined) return translated;
    }
    return message;
  };
}
