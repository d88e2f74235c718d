import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MESSAGES } from '../../../contract/rules';
import { db } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderRoute } from './render-route';

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

  it('shows the spec message when registration fails otherwise', async () => {
    server.use(failing('post', 'api/user/register/', 500));
    const view = renderRoute('/register');
    await view.user.type(await screen.findByLabelText(/^User/), account.username);
    await view.user.type(screen.getByLabelText(/^Password/), account.password);
    await view.user.type(screen.getByLabelText(/^Confirm Password/), account.password);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_LOGIN);
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
