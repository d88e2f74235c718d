// Settings' change-password form with private months: the account key re-wrapped under the new password and sent with the change when the account has one, nothing more when it has none.
// The re-wrap is real Argon2id at 64 MiB (open with the current password, wrap under the new): a second or two here.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { ACCOUNT_MESSAGES, type ChangePassword } from '../../../contract/account';
import { PasswordForm } from '../../../src/components/settings/password-form';
import { createAccountKey, unwrapWithPassword } from '../../../src/crypto/keys';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import {
  accountKeysMock,
  resetAccountKeysMock,
  storeAccountKeys,
} from '../msw/handlers/account-keys';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient } from '../queries/wrapper';
// Also stubs what jsdom lacks for Mantine (matchMedia, ResizeObserver).
import { signIn } from '../routes/render-route';

setupMswServer();
afterEach(resetAccountKeysMock);
vi.setConfig({ testTimeout: 40_000 });

/** Argon2id twice on a machine shared with other work. */
const DERIVING = { timeout: 20_000 };
const NEW_PASSWORD = 'N3w!Password';

let sent: ChangePassword[];
beforeEach(() => {
  signIn();
  sent = [];
  // Records each change as sent; the regular handler answers.
  server.use(
    http.post(apiUrl('api/account/password/'), async ({ request }) => {
      sent.push((await request.clone().json()) as ChangePassword);
    }),
  );
});

function renderForm(): UserEvent {
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <PasswordForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return user;
}

/** Types a whole value at once (a paste): keystroke by keystroke is slow on a busy machine. */
async function enter(user: UserEvent, label: RegExp, value: string): Promise<void> {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function change(user: UserEvent, current: string): Promise<void> {
  await enter(user, /^Current password/, current);
  await enter(user, /^New password/, NEW_PASSWORD);
  await enter(user, /^Confirm new password/, NEW_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

/** A changed password empties the form. */
const changed = () =>
  waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveValue(''), DERIVING);

/** Wraps stored for this account, under ACCOUNT_PASSWORD; answers its account key. */
async function privateMonthsSetUp(): Promise<Uint8Array> {
  const made = await createAccountKey(ACCOUNT_PASSWORD);
  storeAccountKeys(made);
  return made.accountKey;
}

describe('PasswordForm with private months', () => {
  it('sends the account key wrapped under the new password, with a fresh salt', async () => {
    const accountKey = await privateMonthsSetUp();
    const before = accountKeysMock.stored!;
    const user = renderForm();

    await change(user, ACCOUNT_PASSWORD);
    await changed();

    expect(requestLog).toEqual(['GET /api/account/keys/', 'POST /api/account/password/']);
    expect(sent).toHaveLength(1);
    const wrap = sent[0]!.by_password!;
    expect(wrap.kdf.salt).not.toBe(before.by_password.kdf.salt);
    expect(accountKeysMock.stored?.by_password).toEqual(wrap);
    expect(await unwrapWithPassword(wrap, NEW_PASSWORD)).toEqual(accountKey);
  });

  it('says a current password that does not open the key is wrong, at its field, and changes nothing', async () => {
    await privateMonthsSetUp();
    const before = accountKeysMock.stored;
    const user = renderForm();

    await change(user, 'Wrong1!pass');

    const field = screen.getByLabelText(/^Current password/);
    await waitFor(
      () => expect(field).toHaveAccessibleDescription(ACCOUNT_MESSAGES.wrongCurrentPassword),
      DERIVING,
    );
    // The server is still the one that says so: the change goes without a wrap, and is refused.
    expect(sent.map((body) => body.by_password)).toEqual([undefined]);
    expect(accountKeysMock.stored).toEqual(before);
  });
});

describe('PasswordForm without private months', () => {
  it('sends the change alone', async () => {
    const user = renderForm();

    await change(user, ACCOUNT_PASSWORD);
    await changed();

    expect(requestLog).toEqual(['GET /api/account/keys/', 'POST /api/account/password/']);
    expect(sent).toEqual([
      {
        current_password: ACCOUNT_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      },
    ]);
    expect(accountKeysMock.stored).toBeNull();
  });
});
