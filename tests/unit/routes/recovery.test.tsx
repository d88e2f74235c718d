// Account recovery screens: 'Forgot password?' on /login, /forgot-password, /reset-password, /confirm-email and the Settings email section.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ACCOUNT_MESSAGES } from '../../../contract/account';
import { RECOVERY_MESSAGES } from '../../../contract/recovery-rules';
import { MESSAGES } from '../../../contract/rules';
import { getAccessToken } from '../../../src/api/tokens';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import {
  CONFIRM_TOKEN,
  RESET_TOKEN,
  recoveryMock,
  resetRecoveryMock,
} from '../msw/handlers/recovery';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();
vi.setConfig({ testTimeout: 20_000 });

/** The first screen waits for the lazy route: slow on a busy machine. */
const FIRST_RENDER = { timeout: 15_000 };
const NEW_PASSWORD = 'Fresh1!pass';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetRecoveryMock();
});

const posts = (path: string) => requestLog.filter((line) => line === `POST ${path}`);

describe('/login', () => {
  it("links to /forgot-password with 'Forgot password?'", async () => {
    const view = renderRoute('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' }, FIRST_RENDER);
    expect(link).toHaveAttribute('href', '/forgot-password');
    await view.user.click(link);
    await waitFor(() => expect(view.pathname()).toBe('/forgot-password'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
  });
});

describe('/forgot-password', () => {
  it('requires a username or email, then shows the one answer the server gives', async () => {
    const view = renderRoute('/forgot-password');
    const send = await screen.findByRole('button', { name: 'Send reset link' }, FIRST_RENDER);
    await view.user.click(send);
    expect(screen.getByText(MESSAGES.required)).toBeVisible();
    expect(recoveryMock.resetRequests).toEqual([]);

    await view.user.type(screen.getByLabelText(/^Username or email/), 'reader@example.org');
    await view.user.click(send);

    expect(await screen.findByText(RECOVERY_MESSAGES.resetRequested)).toBeVisible();
    expect(recoveryMock.resetRequests).toEqual(['reader@example.org']);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('says how long to wait when the requests are throttled', async () => {
    server.use(
      http.post(apiUrl('api/password-reset/'), () =>
        HttpResponse.json(
          { detail: MESSAGES.tooManyRequests },
          { status: 429, headers: { 'retry-after': '600' } },
        ),
      ),
    );
    const view = renderRoute('/forgot-password');
    await view.user.type(
      await screen.findByLabelText(/^Username or email/, {}, FIRST_RENDER),
      'someone1',
    );
    await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 10 minutes.',
    );
  });
});

describe('/reset-password', () => {
  it('without a token in the link, says so and offers a new link', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByRole('alert', {}, FIRST_RENDER)).toHaveTextContent(
      'This link is incomplete.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // Said once, by the button: the alert does not ask for a new one too.
    expect(document.body.textContent?.match(/ask for a new/gi)).toHaveLength(1);
  });

  it('checks the rules before sending, then sets the password, ends the session here and offers to log in', async () => {
    signIn();
    const view = renderRoute(`/reset-password#token=${RESET_TOKEN}`);
    const newPassword = await screen.findByLabelText(/^New password/, {}, FIRST_RENDER);
    // Said before the password is set, to every account: the page cannot know which have them.
    expect(
      screen.getByText(/If your account has private months, they stay locked after this/),
    ).toBeVisible();
    await view.user.type(newPassword, 'weak');
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(MESSAGES.passwordRules)).toBeVisible();
    expect(posts('/api/password-reset/confirm/')).toEqual([]);

    await view.user.clear(newPassword);
    await view.user.type(newPassword, NEW_PASSWORD);
    await view.user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(RECOVERY_MESSAGES.passwordReset)).toBeVisible();
    expect(getAccessToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // The link was checked once, as the page opened: not again once the reset had used it up.
    await waitFor(() => expect(posts('/api/password-reset/confirm/')).toHaveLength(1));
    expect(posts('/api/password-reset/check/')).toHaveLength(1);
  });

  it('says a used or expired link is dead as the page opens, once, with no password form', async () => {
    renderRoute('/reset-password#token=an-expired-token-0123456789abcdefghijk');
    const alert = await screen.findByRole('alert', {}, FIRST_RENDER);
    expect(alert).toHaveTextContent('This link was already used or has expired.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // Said once: no "Ask for a new one" before the "Ask for a new link" button.
    expect(document.body.textContent?.match(/Ask for a new/g)).toHaveLength(1);
    expect(posts('/api/password-reset/confirm/')).toEqual([]);
  });

  it('says the same when the link is used elsewhere between opening the page and saving', async () => {
    const view = renderRoute(`/reset-password#token=${RESET_TOKEN}`);
    const newPassword = await screen.findByLabelText(/^New password/, {}, FIRST_RENDER);
    recoveryMock.usedTokens.add(RESET_TOKEN);
    await view.user.type(newPassword, NEW_PASSWORD);
    await view.user.type(screen.getByLabelText(/^Confirm new password/), NEW_PASSWORD);
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link was already used or has expired.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(document.body.textContent?.match(/Ask for a new/g)).toHaveLength(1);
  });
});

describe('/confirm-email', () => {
  it('confirms the address once, signed out', async () => {
    recoveryMock.email = { email: null, pending_email: 'reader@example.org' };
    renderRoute(`/confirm-email#token=${CONFIRM_TOKEN}`);

    expect(
      await screen.findByText(
        /reader@example\.org is now your account’s email address/,
        {},
        FIRST_RENDER,
      ),
    ).toBeVisible();
    expect(posts('/api/account/email/confirm/')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('says when the link is dead', async () => {
    renderRoute('/confirm-email#token=a-used-token-0123456789abcdefghijklmnopq');
    expect(await screen.findByRole('alert', {}, FIRST_RENDER)).toHaveTextContent(
      RECOVERY_MESSAGES.invalidLink,
    );
  });
});

describe('Settings → Email address', () => {
  beforeEach(() => signIn());
  const section = () => within(screen.getByRole('region', { name: 'Email address' }));

  it('adds an address with the password, then shows it waiting for confirmation', async () => {
    const view = renderRoute('/settings');
    await view.user.click(
      await screen.findByRole('button', { name: 'Add an email address…' }, FIRST_RENDER),
    );
    const email = section().getByLabelText(/^Email address/);
    expect(email).toHaveFocus();
    await view.user.click(section().getByRole('button', { name: 'Send confirmation link' }));
    expect(section().getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(posts('/api/account/email/')).toEqual([]);
    await view.user.type(email, 'not-an-address');
    await view.user.type(section().getByLabelText(/^Current password/), ACCOUNT_PASSWORD);
    await view.user.click(section().getByRole('button', { name: 'Send confirmation link' }));
    expect(await section().findByText(RECOVERY_MESSAGES.invalidEmail)).toBeVisible();
    await view.user.clear(section().getByLabelText(/^Current password/));

    await view.user.clear(email);
    await view.user.type(email, 'Reader@Example.ORG');
    await view.user.type(section().getByLabelText(/^Current password/), 'Wrong1!pass');
    await view.user.click(section().getByRole('button', { name: 'Send confirmation link' }));
    expect(await section().findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeVisible();

    await view.user.clear(section().getByLabelText(/^Current password/));
    await view.user.type(section().getByLabelText(/^Current password/), ACCOUNT_PASSWORD);
    await view.user.click(section().getByRole('button', { name: 'Send confirmation link' }));

    expect(await findToast('Confirmation link sent to Reader@example.org')).toBeVisible();
    expect(
      await section().findByText(/Waiting for confirmation: Reader@example\.org/),
    ).toBeVisible();
    expect(section().getByRole('button', { name: 'Add an email address…' })).toHaveFocus();
  });

  it('shows the confirmed address and offers to change it', async () => {
    recoveryMock.email = { email: 'reader@example.org', pending_email: null };
    renderRoute('/settings');
    expect(await screen.findByText('reader@example.org', {}, FIRST_RENDER)).toBeVisible();
    expect(section().getByRole('button', { name: 'Change email address…' })).toBeVisible();
  });
});
