import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MESSAGES } from '../../../contract/rules';
import { makeJwt } from '../../fixtures/factories';
import { db } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderRoute, signIn } from './render-route';

setupMswServer();

const BAD_LOGIN = 'Invalid username or password. Please try again.';
const account = { username: 'journaler', password: 'Secret1!' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/login', () => {
  it('has labelled User and Password fields, a link to register and a submit button', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('textbox', { name: /^User/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it('toggles the password visibility with a named button', async () => {
    const { user } = renderRoute('/login');
    const password = await screen.findByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires both fields', async () => {
    const { user } = renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2);
  });

  it.each([
    [true, '/months'],
    [false, '/subscribe'],
  ])('with has_paid %s goes to %s', async (hasPaid, target) => {
    db.users.push(account);
    db.hasPaid = hasPaid;
    const view = renderRoute('/login');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(view.pathname()).toBe(target));
  });

  it.each([
    ['wrong credentials', []],
    ['a network error', [unreachable('post', 'api/token/')]],
  ])('shows the spec message on %s', async (_, handlers) => {
    server.use(...handlers);
    const view = renderRoute('/login');
    await view.user.type(await screen.findByLabelText(/^User/), 'nobody123');
    await view.user.type(screen.getByLabelText(/^Password/), 'Wrong1!pass');
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_LOGIN);
    expect(view.pathname()).toBe('/login');
  });
});

describe('/login: the new account greeting, a live session, focus', () => {
  const rateLimited = (retryAfter: string | null) =>
    http.post(apiUrl('api/token/'), () =>
      HttpResponse.json(
        { detail: MESSAGES.tooManyRequests },
        { status: 429, headers: retryAfter === null ? {} : { 'retry-after': retryAfter } },
      ),
    );

  async function submitLogin() {
    const view = renderRoute('/login');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Login' }));
    return view;
  }

  it.each([
    ['600', 'Too many attempts. Try again in 10 minutes.'],
    ['61', 'Too many attempts. Try again in 2 minutes.'],
    ['30', 'Too many attempts. Try again in 1 minute.'],
    [null, 'Too many attempts. Try again later.'],
  ])('says how long to wait on a 429 with Retry-After %s', async (retryAfter, message) => {
    server.use(rateLimited(retryAfter));
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(BAD_LOGIN)).not.toBeInTheDocument();
  });

  it("greets a new account with 'Account created — log in' and its username filled in", async () => {
    const view = renderRoute('/register');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.type(screen.getByLabelText(/^Confirm Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    const greeting = await screen.findByText('Account created — log in');
    expect(greeting.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByLabelText(/^User/)).toHaveValue(account.username);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('shows no greeting when opened directly', async () => {
    renderRoute('/login');
    expect(await screen.findByLabelText(/^User/)).toHaveValue('');
    expect(screen.queryByText('Account created — log in')).not.toBeInTheDocument();
  });

  it('opens the app with a live session', async () => {
    signIn();
    const view = renderRoute('/login');
    await waitFor(() => expect(view.pathname()).toBe('/months'));
  });

  it('stays on the form when the stored session has expired', async () => {
    localStorage.setItem('access', makeJwt(-60));
    localStorage.setItem('refresh', makeJwt(-60, { token_type: 'refresh' }));
    const view = renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(view.pathname()).toBe('/login');
  });

  it('focuses the first empty field on submit', async () => {
    const { user } = renderRoute('/login');
    await user.type(await screen.findByLabelText(/^User/), account.username);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });
});

describe('/register', () => {
  it('clears local storage on visit', async () => {
    localStorage.setItem('access', 'x');
    localStorage.setItem('other', 'y');
    renderRoute('/register');
    await screen.findByRole('heading', { name: 'Register' });
    expect(localStorage.length).toBe(0);
  });

  it('has User, Password, Confirm Password and a link to login', async () => {
    renderRoute('/register');
    expect(await screen.findByLabelText(/^User/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm Password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the spec validation messages under the fields', async () => {
    const { user } = renderRoute('/register');
    await user.type(await screen.findByLabelText(/^User/), 'short');
    await user.type(screen.getByLabelText(/^Password/), 'password');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username must be at least 8 characters long.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must be at least 8 characters long, contain at least one uppercase letter, one number, and one special character.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^User/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('registers and goes to /login', async () => {
    const view = renderRoute('/register');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.type(screen.getByLabelText(/^Confirm Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(db.users).toEqual([account]);
  });

  it('shows a taken username under the User field', async () => {
    db.users.push(account);
    const view = renderRoute('/register');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.type(screen.getByLabelText(/^Confirm Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(/^User/)).toHaveAttribute('aria-invalid', 'true');
    expect(view.pathname()).toBe('/register');
  });

  async function submitRegistration() {
    const view = renderRoute('/register');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.type(screen.getByLabelText(/^Confirm Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    return view;
  }

  it('shows the spec message when registration fails without a word from the server', async () => {
    server.use(unreachable('post', 'api/user/register/'));
    await submitRegistration();
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_LOGIN);
  });

  it("shows the server's own message when it gives one", async () => {
    server.use(failing('post', 'api/user/register/', 503));
    await submitRegistration();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed with 503');
    expect(screen.queryByText(BAD_LOGIN)).not.toBeInTheDocument();
  });

  it('says how long to wait when rate limited', async () => {
    server.use(
      http.post(apiUrl('api/user/register/'), () =>
        HttpResponse.json(
          { detail: MESSAGES.tooManyRequests },
          { status: 429, headers: { 'retry-after': '3600' } },
        ),
      ),
    );
    await submitRegistration();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 60 minutes.',
    );
  });

  it('focuses the first bad field on an invalid submit', async () => {
    const { user } = renderRoute('/register');
    await user.type(await screen.findByLabelText(/^User/), 'long-enough-name');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
  });

  it('focuses the field the server refused', async () => {
    db.users.push(account);
    await submitRegistration();
    expect(await screen.findByText(MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(/^User/)).toHaveFocus();
  });

  describe('with a live session', () => {
    it('does not sign out silently: it offers the app or logging out first', async () => {
      signIn();
      const view = renderRoute('/register');
      expect(
        await screen.findByRole('heading', { name: 'You are already signed in' }),
      ).toBeInTheDocument();
      expect(localStorage.getItem('refresh')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Open Monthbook' })).toHaveAttribute(
        'href',
        '/months',
      );
      expect(screen.queryByLabelText(/^User/)).not.toBeInTheDocument();
      expect(view.pathname()).toBe('/register');
    });

    it('logs out (revoking the session) and then shows the form', async () => {
      signIn();
      const refresh = localStorage.getItem('refresh');
      const { user } = renderRoute('/register');
      await user.click(
        await screen.findByRole('button', { name: 'Log out and create an account' }),
      );
      expect(await screen.findByLabelText(/^User/)).toBeInTheDocument();
      expect(localStorage.length).toBe(0);
      expect(db.revokedRefreshTokens.has(refresh ?? '')).toBe(true);
    });
  });
});

describe('/logout', () => {
  it('revokes the refresh token, clears local storage and goes to /', async () => {
    localStorage.setItem('access', 'a');
    localStorage.setItem('refresh', 'r');
    localStorage.setItem('other', 'o');
    let revoked = false;
    server.use(
      http.post(apiUrl('api/token/blacklist/'), () => {
        revoked = true;
        return HttpResponse.json({});
      }),
    );
    const view = renderRoute('/logout');
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(revoked).toBe(true);
  });
});
