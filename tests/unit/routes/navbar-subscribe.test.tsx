import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CONTACT_EMAIL } from '../../../contract/rules';
import { makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { CHECKOUT_URL, PORTAL_URL } from '../msw/handlers/billing';
import { failing } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  assign = vi.fn();
  // jsdom cannot navigate away; the screens call location.assign for Stripe's pages.
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSettings() {
  const view = renderRoute('/settings');
  await screen.findByText('settings page', {}, { timeout: 15_000 });
  return { ...view, nav: within(screen.getByRole('navigation', { name: 'Main' })) };
}

describe('navbar', () => {
  it('has Journals, Months, Billing, Feedback, Settings and Logout', async () => {
    const { nav } = await renderSettings();
    const entries = [...nav.getAllByRole('link'), ...nav.getAllByRole('button')].map(
      (element) => element.textContent,
    );
    expect(entries).toEqual(
      expect.arrayContaining(['Journals', 'Months', 'Billing', 'Feedback', 'Settings', 'Logout']),
    );
  });

  it('opens the latest month (the last of the list) from Journals', async () => {
    const latest = makeMonth({ name: 'March' });
    db.months.push(makeMonth({ name: 'February' }), latest);
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('link', { name: 'Journals' }));
    await waitFor(() => expect(view.pathname()).toBe(`/months/${latest.id}/journals`));
  });

  it('opens /months from Journals when there is no month', async () => {
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('link', { name: 'Journals' }));
    await waitFor(() => expect(view.pathname()).toBe('/months'));
  });

  it('opens /months from Journals when the lookup fails', async () => {
    server.use(failing('get', 'api/months/', 500));
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('link', { name: 'Journals' }));
    await waitFor(() => expect(view.pathname()).toBe('/months'));
  });

  it('shows the contact address in the Feedback popover', async () => {
    const view = await renderSettings();
    const feedback = view.nav.getByRole('button', { name: 'Feedback' });
    expect(feedback).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(feedback);
    expect(feedback).toHaveAttribute('aria-expanded', 'true');
    expect(view.nav.getByRole('link', { name: CONTACT_EMAIL })).toBeVisible();
    await view.user.keyboard('{Escape}');
    expect(feedback).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the billing portal', async () => {
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('button', { name: 'Billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
  });

  it('only logs a billing portal failure', async () => {
    server.use(failing('post', 'api/create-customer-portal-session/', 500));
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('button', { name: 'Billing' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Billing portal failed', expect.anything()),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('explains itself when there is no billing account (400), instead of doing nothing', async () => {
    server.use(
      http.post(apiUrl('api/create-customer-portal-session/'), () =>
        HttpResponse.json(
          { detail: 'No billing account yet: choose a plan first.' },
          { status: 400 },
        ),
      ),
    );
    const view = await renderSettings();
    await view.user.click(view.nav.getByRole('button', { name: 'Billing' }));
    expect(
      await findToast(
        'Billing has nothing to show yet: no payment has been made with this account.',
      ),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows an unpaid user what works: Subscribe, Feedback, Settings and Logout', async () => {
    db.hasPaid = false;
    const view = await renderSettings();
    await waitFor(() =>
      expect(view.nav.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
        'href',
        '/subscribe',
      ),
    );
    const entries = [...view.nav.getAllByRole('link'), ...view.nav.getAllByRole('button')].map(
      (element) => element.textContent,
    );
    expect(entries).toEqual(
      expect.arrayContaining(['Subscribe', 'Feedback', 'Settings', 'Logout']),
    );
    for (const hidden of ['Journals', 'Months', 'Billing']) expect(entries).not.toContain(hidden);
  });

  it('toggles the small-screen menu with a named burger button', async () => {
    const view = await renderSettings();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await view.user.click(burger);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
  });
});

describe('/subscribe', () => {
  beforeEach(() => {
    db.hasPaid = false;
  });

  it.each([
    ['Monthly', 'subscription'],
    ['Pay Once', 'one_time'],
  ])('%s shows its own loading state, then goes to checkout', async (name, product) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(apiUrl('api/stripe/create-checkout-session'), async () => {
        await answered;
        return HttpResponse.json({ checkout_url: `${CHECKOUT_URL}?product=${product}` });
      }),
    );
    const view = renderRoute('/subscribe');
    const button = await screen.findByRole('button', { name }, { timeout: 15_000 });
    const other = screen.getByRole('button', { name: name === 'Monthly' ? 'Pay Once' : 'Monthly' });
    await view.user.click(button);
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(other).not.toHaveAttribute('data-loading');
    // While one checkout starts, the other plan cannot start a second one.
    expect(other).toBeDisabled();
    expect(assign).not.toHaveBeenCalled();
    answer();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${CHECKOUT_URL}?product=${product}`));
  });

  it('shows both prices', async () => {
    renderRoute('/subscribe');
    const main = await screen.findByRole('main', {}, { timeout: 15_000 });
    expect(main).toHaveTextContent('0.90 USD');
    expect(main).toHaveTextContent('5.90 USD');
  });

  it('shows the price due today that checkout asks for, and the launch places left', async () => {
    db.launchOfferRemaining = 37;
    renderRoute('/subscribe');
    const main = await screen.findByRole('main', {}, { timeout: 15_000 });
    expect(await within(main).findByText('Due today: 0.45 USD')).toBeInTheDocument();
    expect(within(main).getByText('Due today: 2.95 USD')).toBeInTheDocument();
    // And what follows: the discount is on the first payment only.
    expect(
      within(main).getByText('First month 50% off, then 0.90 USD per month.'),
    ).toBeInTheDocument();
    expect(
      within(main).getByText('One payment, 50% off; nothing more to pay.'),
    ).toBeInTheDocument();
    expect(main).toHaveTextContent('50% off for the first 100 customers');
    expect(main).toHaveTextContent('37 places left at the launch price.');
  });

  it('charges the full price once the launch places are gone', async () => {
    db.launchOfferRemaining = 0;
    renderRoute('/subscribe');
    const main = await screen.findByRole('main', {}, { timeout: 15_000 });
    expect(await within(main).findByText('Due today: 0.90 USD')).toBeInTheDocument();
    expect(within(main).getByText('Due today: 5.90 USD')).toBeInTheDocument();
    expect(within(main).getByText('Then 0.90 USD per month.')).toBeInTheDocument();
    expect(within(main).getByText('One payment; nothing more to pay.')).toBeInTheDocument();
    expect(main).not.toHaveTextContent('places left');
  });

  it("says 'No payment was made' when back from checkout's Cancel", async () => {
    renderRoute('/subscribe?canceled=true');
    expect(await screen.findByText('No payment was made.', {}, { timeout: 15_000 })).toBeVisible();
  });

  it("shows 'Already paid' with a link to /months, and no Pay button, to someone who has paid", async () => {
    db.hasPaid = true;
    renderRoute('/subscribe');
    expect(
      await screen.findByRole('heading', { name: 'Already paid' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to your months' })).toHaveAttribute(
      'href',
      '/months',
    );
    expect(within(main).queryByRole('button', { name: 'Monthly' })).not.toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Pay Once' })).not.toBeInTheDocument();
  });

  it('enables both plans again after a failed checkout', async () => {
    server.use(failing('post', 'api/stripe/create-checkout-session', 500));
    const view = renderRoute('/subscribe');
    await view.user.click(
      await screen.findByRole('button', { name: 'Monthly' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Checkout failed', expect.anything()),
    );
    expect(screen.getByRole('button', { name: 'Pay Once' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Monthly' })).toBeEnabled();
  });

  it('only logs a checkout failure', async () => {
    server.use(failing('post', 'api/stripe/create-checkout-session', 500));
    const view = renderRoute('/subscribe');
    await view.user.click(
      await screen.findByRole('button', { name: 'Monthly' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Checkout failed', expect.anything()),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
