// The language store: which language a visitor gets, switching, remembering, and texts read outside React.
import { MESSAGES, STORAGE_KEYS } from '../../../contract/rules';
import { toasts } from '../../../src/i18n/en/toasts';
import { preferredLocale, setLocale, texts, translateMessage } from '../../../src/i18n/store';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('en');
});

describe('preferredLocale', () => {
  it.each([
    [['pt-BR', 'en'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['pt-PT', 'es'], 'pt-BR'],
    [['fr-FR', 'pt-BR'], 'pt-BR'],
    [['en-US', 'pt-BR'], 'en'],
    [['de', 'fr'], 'en'],
    [[], 'en'],
  ])('reads %j as %s', (languages, expected) => {
    browserLanguages(languages);
    expect(preferredLocale()).toBe(expected);
  });

  it('prefers the choice remembered by the switch over the browser', () => {
    browserLanguages(['pt-BR']);
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    expect(preferredLocale()).toBe('en');
    browserLanguages(['en-GB']);
    localStorage.setItem(STORAGE_KEYS.locale, 'pt-BR');
    expect(preferredLocale()).toBe('pt-BR');
  });

  it('ignores a stored value that is no language of ours', () => {
    browserLanguages(['pt-BR']);
    localStorage.setItem(STORAGE_KEYS.locale, 'klingon');
    expect(preferredLocale()).toBe('pt-BR');
  });
});

describe('setLocale', () => {
  it('loads Portuguese, sets <html lang> and serves it to plain code', async () => {
    await setLocale('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(texts('toasts', toasts).monthDeleted).toBe('Mês excluído');
    await setLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(texts('toasts', toasts).monthDeleted).toBe('Month deleted');
  });

  it('remembers only a chosen language, not the detected one', async () => {
    await setLocale('pt-BR');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBeNull();
    await setLocale('pt-BR', true);
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('pt-BR');
  });

  it('lets the last of two quick choices win', async () => {
    const slow = setLocale('pt-BR');
    const fast = setLocale('en');
    await Promise.all([slow, fast]);
    expect(document.documentElement.lang).toBe('en');
    expect(texts('toasts', toasts).monthDeleted).toBe('Month deleted');
  });
});

describe('translateMessage', () => {
  it('leaves every message as it is in English', () => {
    expect(translateMessage(MESSAGES.required)).toBe(MESSAGES.required);
  });

  it('translates fixed messages, messages with a value, and passes unknown ones through', async () => {
    await setLocale('pt-BR');
    expect(translateMessage(MESSAGES.passwordsDoNotMatch)).toBe('As senhas não coincidem.');
    expect(translateMessage(MESSAGES.maxLength(50))).toBe(
      'Este campo deve ter no máximo 50 caracteres.',
    );
    expect(translateMessage(MESSAGES.invalidPk('abc'))).toBe(
      'Chave "abc" inválida: o objeto não existe.',
    );
    expect(translateMessage('Something the server said')).toBe('Something the server said');
  });

  it("keeps a validator's null (no error) as null", async () => {
    await setLocale('pt-BR');
    expect(translateMessage(null)).toBeNull();
    expect(translateMessage(MESSAGES.required)).toBe('Este campo é obrigatório.');
  });
});
