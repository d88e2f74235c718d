// Brazilian Portuguese validation and server messages, and the translator from the English ones.
import {
  EXPORT_FORMAT,
  type EXPORT_PROBLEM_MESSAGES,
  EXPORT_VERSIONS,
  IMPORT_MAX_MB,
  OTHER_APP_IMPORT_MAX_GB,
} from '../../../contract/export-format.js';
import type { SCHEDULE_MESSAGES } from '../../../contract/habit-schedule.js';
import { PERIOD_MAX_YEAR, PERIOD_MIN_YEAR } from '../../../contract/month-period.js';
import type { TRASH_MESSAGES } from '../../../contract/trash-rules.js';
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
  unknownField: (name) => `Campo desconhecido "${name}".`,
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
  undoneAlready: 'Esta importação já foi desfeita: ela está em Excluídos recentemente.',
  notJson: 'O arquivo não é um JSON válido.',
  notExport: `Este arquivo não é uma exportação do Monthbook (seu "format" não é "${EXPORT_FORMAT}").`,
  unsupportedVersion: (version) =>
    `Versão de exportação ${JSON.stringify(version)} não suportada: este servidor lê as versões ${EXPORT_VERSIONS.join(' e ')}.`,
  tooLarge: `O arquivo é grande demais: as importações são limitadas a ${IMPORT_MAX_MB} MB.`,
  tooLargeAny: `O arquivo é grande demais: a exportação de outro app pode ter até ${OTHER_APP_IMPORT_MAX_GB} GB, a do Monthbook ${IMPORT_MAX_MB} MB.`,
  dryRun: 'dry_run deve ser true ou false.',
  lang: 'lang deve ser en ou pt-BR.',
  moods:
    'moods deve ser um objeto JSON de nomes de humor e níveis de 1 a 5, por exemplo {"super": 5}.',
};

/** The same keys, each a text or a function of one value, as its English table. */
type Translated<T> = { [K in keyof T]: T[K] extends string ? string : (value: never) => string };

/** Why the bin refused a restore. */
export const trashMessages: Translated<typeof TRASH_MESSAGES> = {
  monthGone: 'O mês dele foi excluído: restaure o mês primeiro.',
  monthPurged: 'O mês dele foi excluído para sempre, então ele não pode ser restaurado.',
  importMonthGone: 'Um mês ao qual ela adicionou itens foi excluído: restaure esse mês primeiro.',
  importMonthPurged:
    'Um mês ao qual ela adicionou itens foi excluído para sempre, então ela não pode ser restaurada.',
  importedAgain: 'O arquivo dela foi importado de novo depois: desfaça essa importação primeiro.',
  importMonthAgain:
    'Um dos meses dela está na conta de novo (o mesmo período, ou nome): exclua esse mês ou desfaça a importação dele primeiro.',
};

/** What is wrong with a field of an export file; the field's path comes before it. */
export const exportProblemMessages: Translated<typeof EXPORT_PROBLEM_MESSAGES> = {
  required: 'é obrigatório',
  object: 'deve ser um objeto',
  list: 'deve ser uma lista',
  string: 'deve ser um texto',
  boolean: 'deve ser true ou false',
  number: 'deve ser um número',
  integer: 'deve ser um número inteiro',
  blank: 'não pode ficar em branco',
  maxLength: (max: string) => `deve ter no máximo ${max} caracteres`,
  minimum: (min: string) => `deve ser no mínimo ${min}`,
  maximum: (max: string) => `deve ser no máximo ${max}`,
  date: 'deve ser uma data AAAA-MM-DD',
  period: `deve ser um mês AAAA-MM, de ${PERIOD_MIN_YEAR}-01 a ${PERIOD_MAX_YEAR}-12`,
  noNul: 'não pode conter caracteres nulos',
  format: 'não está no formato esperado',
  unicode: 'deve ser um texto Unicode válido',
  idTwice: (id: string) => `o id ${id} é usado duas vezes`,
  targetNeedsDirection: 'é obrigatório junto com target_direction',
  directionNeedsTarget: 'é obrigatório junto com target',
  noHabit: (id: string) => `não há hábito com id ${id} neste mês`,
  noMeasure: (id: string) => `não há medida com id ${id} neste mês`,
};

/** A habit's schedule the API refuses (in an export file, or sent by another client). */
export const scheduleMessages: Translated<typeof SCHEDULE_MESSAGES> = {
  kind: 'Escolha um destes: daily, weekdays, times_per_week.',
  days: 'Escolha ao menos um dia da semana, cada um um número de 0 (domingo) a 6 (sábado).',
  times: 'Escolha quantas vezes por semana: um número inteiro de 1 a 7.',
  object: 'Deve ser um objeto como {"kind": "daily"}.',
  practicedAndSkipped: 'Um hábito não pode ser feito e pulado no mesmo dia.',
};

/** The lists of an export file, as one of their items is named: `months[1]` → "mês 2". */
const FILE_LISTS: Readonly<Record<string, string>> = {
  months: 'mês',
  habits: 'hábito',
  measures: 'medida',
  goals: 'meta',
  journals: 'registro',
  daily_habits: 'hábito do registro',
  daily_measures: 'medida do registro',
};

/** `months[1].habits[0].id: id 1 is used twice`: a field's path, then what is wrong with it. */
const PROBLEM_LINE = /^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*): (.+)$/s;

/**
 * A problem of an export file in Portuguese: the path stays as written (it is where to look in
 * the file), followed by the same place in words (mês 2, hábito 1), then the translated problem.
 * Any other message goes to `translate` whole.
 */
export function problemLineTranslator(
  translate: (message: string) => string,
): (message: string) => string {
  return (message) => {
    const whole = translate(message);
    if (whole !== message) return whole;
    const line = PROBLEM_LINE.exec(message);
    if (!line) return message;
    const [, path = '', problem = ''] = line;
    const places = [...path.matchAll(/([a-z_]+)\[(\d+)\]/g)].flatMap(([, list = '', index]) => {
      const item = FILE_LISTS[list];
      return item ? [`${item} ${Number(index) + 1}`] : [];
    });
    const where = places.length > 0 ? `${path} (${places.join(', ')})` : path;
    return `${where}: ${translate(problem)}`;
  };
}

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
