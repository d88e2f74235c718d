import { screen, within } from '@testing-library/react';
import { setupMswServer } from '../msw/server';
import { renderRoute, signIn } from './render-route';

setupMswServer();

describe.each([
  ['/tou', 'Terms of use', 7],
  ['/pp', 'Privacy policy', 8],
])('legal page %s', (path, title, sections) => {
  it(`has the title, ${sections} sections, the date and a Back link`, async () => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(sections);
    expect(screen.getByText('Last updated: August 28, 2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/');
  });

  it('names the contact address and the footer links', async () => {
    renderRoute(path);
    const main = await screen.findByRole('main');
    expect(main).toHaveTextContent('hello@monthbook.app');
    expect(within(screen.getByRole('contentinfo')).getByText('Terms of use')).toBeInTheDocument();
  });
});

describe('not found', () => {
  it("shows '404 Not Found' for an unknown path", async () => {
    renderRoute('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The page you requested could not be found.')).toBeInTheDocument();
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'treats month id %s as not found',
    async (id) => {
      signIn();
      renderRoute(`/months/${id}/journals`);
      expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    },
  );

  it('keeps the navbar inside the app, links to /months, and has one main', async () => {
    signIn();
    renderRoute('/months/4242/journals');
    expect(
      await screen.findByRole('heading', { name: '404 Not Found' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your months' })).toHaveAttribute(
      'href',
      '/months',
    );
    expect(screen.queryByRole('link', { name: 'Go to the home page' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('links an unknown page outside the app to the home page', async () => {
    renderRoute('/no-such-page');
    await screen.findByRole('heading', { name: '404 Not Found' });
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('treats a month the server does not know as not found', async () => {
    signIn();
    renderRoute('/months/4242/journals');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });
});

describe('settings', () => {
  it("shows the navbar and 'settings page'", async () => {
    signIn();
    renderRoute('/settings');
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
