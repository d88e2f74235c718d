// The Brazilian Portuguese dictionary: complete, really translated, and shown on a screen (login).
import { screen } from '@testing-library/react';
import { EXPORT_FORMAT, EXPORT_PROBLEM_MESSAGES } from '../../../contract/export-format';
import { describeProblem, validateExport } from '../../../contract/export-validation';
import { en, type Messages } from '../../../src/i18n/en';
import { ptBR, translation } from '../../../src/i18n/pt-br';
import { setLocale } from '../../../src/i18n/store';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from '../routes/render-route';

setupMswServer();

/** Texts that read the same in both languages, by their path in the dictionary. */
const SAME_IN_BOTH = new Set([
  'site.pageTitle', // "<title> — Monthbook"
  'app.menu',
  'settings.csv',
  // Punctuation only: a dash for no calendar month, and `<name>: <values>`-style labels.
  'calendar.periodNone',
  'calendar.dayLabel',
  'calendar.measureSummary',
  'calendar.pixelDay',
  'offline.measureValue', // "Weight 80.5"
  'measureTargets.unitPlaceholder', // "kg, h, km": units, short enough for a phone's narrow field
]);

/** Every leaf of a namespace tree: [path, English, Portuguese]. */
function leaves(english: unknown, portuguese: unknown, path: string): [string, unknown, unknown][] {
  if (typeof english === 'object' && english !== null) {
    expect(typeof portuguese, path).toBe('object');
    const keys = Object.keys(english);
    expect(Object.keys(portuguese as object).sort(), path).toEqual([...keys].sort());
    return keys.flatMap((key) =>
      leaves(
        (english as Record<string, unknown>)[key],
        (portuguese as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      ),
    );
  }
  return [[path, english, portuguese]];
}

describe('the pt-BR dictionary', () => {
  it('has the English shape: a missing key or another parameter list does not compile', () => {
    // @ts-expect-error a namespace without its texts
    const missing: Messages['auth'] = { login: 'Entrar' };
    // @ts-expect-error a function whose parameter changed type
    const wrongParameter: Messages['app']['editMonthNamed'] = (name: number) => `${name}`;
    expect([missing, wrongParameter]).toHaveLength(2);
  });

  const all = leaves(en, ptBR, '');

  it('has a text for every English one', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('says a deleted month waits in Excluídos recentemente, not that it is gone for good', () => {
    const question = ptBR.app.deleteMonthQuestion('Janeiro');
    expect(question).toContain('Excluídos recentemente');
    expect(question).toContain('30 dias');
    expect(question).not.toContain('não pode ser desfeito');
  });

  it('writes prices the Brazilian way', () => {
    expect(ptBR.site.amount('0.90')).toBe('0,90');
    expect(ptBR.site.amount('12')).toBe('12');
    expect(en.site.amount('0.90')).toBe('0.90');
  });

  it("translates the API client's offline refusals, which it makes in English", () => {
    expect(translation.translateMessage(OFFLINE_TEXTS.writeRefused)).toBe(
      ptBR.offline.writeRefused,
    );
    expect(translation.translateMessage(OFFLINE_TEXTS.readUnavailable)).toBe(
      ptBR.offline.readUnavailable,
    );
  });

  it("translates an export file's problems, which the validator says in English", () => {
    const problemOf = (file: unknown) => {
      const problem = validateExport(file);
      expect(problem).not.toBeNull();
      return translation.translateMessage(describeProblem(problem!));
    };
    const month = (habits: { id: number; name: string }[], date = '2026-01-05') => ({
      name: 'Janeiro',
      habits,
      measures: [],
      goals: [],
      journals: [{ created_at: date, highlight: 'x', daily_habits: [], daily_measures: [] }],
    });
    const file = (months: unknown[]) => ({
      format: EXPORT_FORMAT,
      version: 2,
      exported_at: '2026-01-01T00:00:00Z',
      months,
    });

    expect(
      problemOf(
        file([
          month([]),
          month([
            { id: 1, name: 'Ler' },
            { id: 1, name: 'Correr' },
          ]),
        ]),
      ),
    ).toBe('months[1].habits[1].id (mês 2, hábito 2): o id 1 é usado duas vezes');
    expect(problemOf(file([month([{ id: 1, name: 'Ler' }], '2026-02-30')]))).toBe(
      'months[0].journals[0].created_at (mês 1, registro 1): deve ser uma data AAAA-MM-DD',
    );
    expect(problemOf(file([{ ...month([]), name: 7 }]))).toBe(
      'months[0].name (mês 1): deve ser um texto',
    );
    // Every message the validator can give has its Portuguese.
    for (const [key, english] of Object.entries(EXPORT_PROBLEM_MESSAGES)) {
      const text = typeof english === 'function' ? english(3) : english;
      expect(translation.translateMessage(`months[0].x: ${text}`), key).not.toContain(text);
    }
    // Other messages are left to their own translation.
    expect(translation.translateMessage('Not found.')).toBe('Não encontrado.');
  });

  it.each(all.filter(([path]) => path !== 'site.amount'))(
    'translates %s',
    (path, english, portuguese) => {
      expect(typeof portuguese).toBe(typeof english);
      if (typeof english === 'function' && typeof portuguese === 'function') {
        // Each parameter of the English text shows up in the Portuguese one too.
        const args = Array.from({ length: english.length }, (_, index) => String(71 + index));
        const [inEnglish, inPortuguese] = [english(...args), portuguese(...args)] as string[];
        for (const arg of args) {
          if (inEnglish?.includes(arg)) expect(inPortuguese).toContain(arg);
        }
        if (!SAME_IN_BOTH.has(path)) expect(inPortuguese).not.toBe(inEnglish);
        return;
      }
      expect(typeof portuguese).toBe('string');
      expect((portuguese as string).trim()).not.toBe('');
      if (!SAME_IN_BOTH.has(path)) expect(portuguese).not.toBe(english);
    },
  );
});

describe('a screen in pt-BR', () => {
  afterEach(() => setLocale('en'));

  it('shows the login form, its validation messages and the language switch in Portuguese', async () => {
    await setLocale('pt-BR');
    const { user } = renderRoute('/login');
    expect(
      await screen.findByRole('heading', { name: 'Entrar' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Usuário/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Senha/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getAllByText('Este campo é obrigatório.')).toHaveLength(2);
    expect(document.title).toBe('Entrar — Monthbook');
  });

  it('shows the landing page with Brazilian prices', async () => {
    await setLocale('pt-BR');
    renderRoute('/');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Seu ano, registrado um mês de cada vez' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preços' })).toBeInTheDocument();
    expect(screen.getByText('0,90')).toBeInTheDocument();
    expect(screen.getByText('50% de desconto para os primeiros 100 clientes')).toBeInTheDocument();
  });

  it("shows a month's journals with Portuguese dates, words and toasts", async () => {
    await setLocale('pt-BR');
    signIn();
    const fixture = seedMonth(makeMonthFixture({ name: 'Janeiro', journals: 1, habits: ['Ler'] }));
    const { user } = renderRoute(`/months/${fixture.month.id}/journals`);
    await screen.findByRole('heading', { level: 1, name: 'Janeiro' }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Registros' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Metas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar novo registro +' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'segunda-feira, 1 de janeiro de 2024' });
    expect(card).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ler' }));
    expect(await findToast('Hábito atualizado')).toBeInTheDocument();
  }, 20_000);

  it('names a dialog and its close button in Portuguese', async () => {
    await setLocale('pt-BR');
    signIn();
    seedMonth(makeMonthFixture({ name: 'Fevereiro', journals: 0 }));
    const { user } = renderRoute('/months');
    await user.click(
      await screen.findByRole('button', { name: 'Excluir o mês Fevereiro' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Excluir mês' });
    expect(dialog).toHaveTextContent(
      'Excluir Fevereiro com todos os registros do diário e metas? Ele fica em Excluídos recentemente (Configurações) por 30 dias, e você pode restaurá-lo de lá.',
    );
    expect(screen.getByRole('button', { name: 'Fechar diálogo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  }, 20_000);
});
