import { screen, waitFor, within } from '@testing-library/react';
import { CONTACT_EMAIL } from '../../../contract/rules';
import { en } from '../../../src/i18n/en';
import { ptBR } from '../../../src/i18n/pt-br';
import { db } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { renderRoute, signIn } from './render-route';

setupMswServer();

describe('landing page /', () => {
  it('has the top bar links to its sections, Login and Sign Up', async () => {
    renderRoute('/');
    const sections = await screen.findAllByRole('navigation', { name: 'Sections' });
    const links = within(sections[0] as HTMLElement).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Pricing', '#pricing'],
      ['About', '#about'],
      ['Demo', '#demo'],
    ]);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows one h1 and the About, Demo and Pricing sections', async () => {
    renderRoute('/');
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of ['About', 'Demo', 'Pricing']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it.each([
    [
      'en',
      en.landing,
      [/mood/, /note/, /calendar/, /year view/, /offline/, /reminder/, /measures/],
    ],
    [
      'pt-BR',
      ptBR.landing,
      [/humor/, /nota/, /calendário/, /visão do ano/, /sem conexão/, /lembrete/, /medidas/],
    ],
  ] as const)(
    'tells what the app does, in %s: mood, notes, calendar, year view, offline, reminders',
    (_locale, words, mentions) => {
      const about = [words.lead, ...words.features.map((f) => `${f.title} ${f.body}`)]
        .join(' ')
        .toLowerCase();
      for (const mention of mentions) expect(about).toMatch(mention);
      expect(about).not.toMatch(/one measure to track|uma medida para acompanhar/);
    },
  );

  it('shows each feature of the About section under its own heading', async () => {
    renderRoute('/');
    const about = await screen.findByRole('region', { name: 'About' });
    const headings = within(about).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(en.landing.features.map((f) => f.title));
    expect(headings.length).toBeGreaterThanOrEqual(6);
  });

  it('embeds the demo video from our own site with controls and a text fallback', async () => {
    const { container } = renderRoute('/');
    await screen.findByRole('region', { name: 'Demo' });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video?.querySelector('source')).toHaveAttribute('src', '/demo.webm');
    expect(video).toHaveTextContent('Your browser cannot play this video.');
  });

  it('prices both plans, with the original 12 USD struck through and labelled', async () => {
    const { container } = renderRoute('/');
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    expect(within(pricing).getByRole('heading', { name: 'Monthly' })).toBeInTheDocument();
    expect(within(pricing).getByRole('heading', { name: 'Pay Once' })).toBeInTheDocument();
    expect(pricing).toHaveTextContent('0.90 USD');
    expect(pricing).toHaveTextContent('5.90 USD');
    expect(container.querySelector('s')).toHaveTextContent('original price 12 USD');
    expect(pricing).toHaveTextContent('50% off for the first 100 customers');
  });

  it('shows how many launch places remain, fetched after first paint', async () => {
    db.launchOfferRemaining = 37;
    renderRoute('/');
    expect(await screen.findByText('37 places left at the launch price.')).toBeInTheDocument();
    // Each plan says what is due today and what follows, as /subscribe and the checkout do.
    expect(screen.getByText('Due today: 0.45 USD')).toBeInTheDocument();
    expect(screen.getByText('First month 50% off, then 0.90 USD per month.')).toBeInTheDocument();
    expect(screen.getByText('Due today: 2.95 USD')).toBeInTheDocument();
    expect(screen.getByText('One payment, 50% off; nothing more to pay.')).toBeInTheDocument();
  });

  it('stops advertising the offer when no places remain', async () => {
    db.launchOfferRemaining = 0;
    renderRoute('/');
    await screen.findByRole('region', { name: 'Pricing' });
    await waitFor(() =>
      expect(screen.queryByText('50% off for the first 100 customers')).not.toBeInTheDocument(),
    );
  });

  it('has a footer with the contact address, legal links and the copyright', async () => {
    renderRoute('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${CONTACT_EMAIL}`,
    );
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/tou',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/pp',
    );
    expect(footer).toHaveTextContent('© 2024');
  });

  it('goes to /months when back from checkout with ?success', async () => {
    signIn();
    const view = renderRoute('/?success=true');
    await waitFor(() => expect(view.pathname()).toBe('/months'));
  });

  it("offers 'Open Monthbook' instead of Login and Sign Up with a live session", async () => {
    signIn();
    renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Open Monthbook' })).toHaveAttribute(
      'href',
      '/months',
    );
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    // Every Sign Up goes to the app: /register would sign the user out.
    expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    const toApp = screen.getAllByRole('link', { name: 'Open Monthbook' });
    expect(toApp.length).toBeGreaterThanOrEqual(4);
    for (const link of toApp) expect(link).toHaveAttribute('href', '/months');
  });

  it('returns a signed-in user who canceled checkout to /subscribe, saying no payment was made', async () => {
    signIn();
    db.hasPaid = false;
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const view = renderRoute('/?canceled=true');
    await waitFor(() => expect(view.pathname()).toBe('/subscribe'));
    expect(await screen.findByText('No payment was made.')).toBeInTheDocument();
    expect(console.log).toHaveBeenCalledWith('Checkout canceled.');
    vi.restoreAllMocks();
  });

  it('only logs when checkout was canceled', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const view = renderRoute('/?canceled=true');
    await screen.findByRole('region', { name: 'Pricing' });
    expect(log).toHaveBeenCalledWith('Checkout canceled.');
    expect(view.pathname()).toBe('/');
    log.mockRestore();
  });
});
