// The language switch: in the app navbar and on the login and register pages, it flips the screen's words and remembers the choice.
import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../contract/rules';
import { setLocale } from '../../../src/i18n/store';
import { makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { renderRoute, signIn } from '../routes/render-route';

setupMswServer();

afterEach(() => setLocale('en'));

describe('language switch', () => {
  it('in the navbar, switches the months screen to Portuguese and back, remembering each choice', async () => {
    signIn();
    db.months.push(makeMonth({ name: 'Março' }));
    const { user } = renderRoute('/months');
    await screen.findByRole('heading', { level: 1, name: 'Months' }, { timeout: 15_000 });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const language = nav.getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('en');

    await user.selectOptions(language, 'pt-BR');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meses' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar novo mês +' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar o mês Março' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(document.title).toBe('Meses — Monthbook');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('pt-BR');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Months' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Month +' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
  }, 20_000);

  it('names each language in itself', async () => {
    renderRoute('/login');
    const language = await screen.findByRole('combobox', { name: 'Language' }, { timeout: 15_000 });
    const options = within(language).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Português (Brasil)', 'pt-BR'],
    ]);
  });

  it('on the register page, translates the form before anyone signs in', async () => {
    const { user } = renderRoute('/register');
    const header = within(await screen.findByRole('banner', {}, { timeout: 15_000 }));
    await user.selectOptions(header.getByRole('combobox', { name: 'Language' }), 'pt-BR');
    expect(await screen.findByRole('heading', { name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirme a senha/)).toBeInTheDocument();
    expect(screen.getByText('Pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', '/tou');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('pt-BR');
  });
});
