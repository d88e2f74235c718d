// Settings' private months: setting up the account key (password checked by the server, recovery key shown once, three of its words checked, then the wraps sent with the password), a new recovery key, and what nothing stored looks like.
// Each derivation is real Argon2id at 64 MiB (the wire refuses cheaper wraps): about a second here.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { etagOf } from '../../../contract/row-versions';
import { PrivateMonthsSection } from '../../../src/components/settings/private-months-section';
import { pickPositions } from '../../../src/components/settings/recovery-key-steps';
import { WrongKeyError } from '../../../src/crypto/errors';
import {
  createAccountKey,
  unwrapWithPassword,
  unwrapWithRecoveryKey,
} from '../../../src/crypto/keys';
import { recoveryKeyFromFile, recoveryKeyFromWords } from '../../../src/crypto/recovery-key';
import { setLocale } from '../../../src/i18n/store';
import { forgetAccountKeyHere, openAccountKey } from '../../../src/queries/account-key-session';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { makeAccountKeyWraps } from '../../fixtures/factories';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import { accountKeysMock, resetAccountKeysMock } from '../msw/handlers/account-keys';
import { wrongPassword } from '../msw/handlers/account-password';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient } from '../queries/wrapper';
// Also stubs what jsdom lacks for Mantine (matchMedia, ResizeObserver).
import { signIn } from '../routes/render-route';

setupMswServer();
afterEach(resetAccountKeysMock);
afterEach(forgetAccountKeyHere);
vi.setConfig({ testTimeout: 40_000 });

/** Argon2id on a machine shared with other work. */
const DERIVING = { timeout: 20_000 };

let savedFiles: { name: string; blob: Blob }[];

beforeEach(() => {
  signIn();
  savedFiles = [];
  let lastBlob: Blob | null = null;
  // jsdom has no object URLs and cannot download: record what would be saved instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:monthbook-test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (lastBlob) savedFiles.push({ name: this.download, blob: lastBlob });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => setLocale('en'));
});

function renderSection() {
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <PrivateMonthsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return user;
}

const section = () => within(screen.getByRole('region', { name: 'Private months' }));
const dialog = () => within(screen.getByRole('dialog'));

/** What the section says once the dialog closed: focus moves to it. */
async function outcome(text: string): Promise<void> {
  const status = await section().findByRole('status');
  expect(status).toHaveTextContent(text);
  await waitFor(() => expect(status).toHaveFocus());
}

/** The dialog loads with its own code on first use. */
async function openDialog(user: UserEvent, button: string): Promise<void> {
  await user.click(await section().findByRole('button', { name: button }));
  await screen.findByRole('dialog');
}

/** Types a whole value at once (a paste): keystroke by keystroke is slow on a busy machine. */
async function enter(user: UserEvent, input: HTMLElement, value: string): Promise<void> {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

/** The password step, then the words as the dialog shows them. */
async function passwordThenWords(user: UserEvent, password = ACCOUNT_PASSWORD): Promise<string[]> {
  await enter(user, dialog().getByLabelText(/^Current password/), password);
  await user.click(dialog().getByRole('button', { name: 'Continue' }));
  const heading = await screen.findByRole('heading', { name: 'Your recovery key' }, DERIVING);
  // Focused by the step once it is on screen: a busy machine may take a moment after it shows.
  await waitFor(() => expect(heading).toHaveFocus());
  const list = dialog().getByRole('list', { name: 'The 24 words of your recovery key' });
  const items = within(list).getAllByRole('listitem');
  expect(items.map((item) => item.firstChild?.textContent)).toEqual(
    Array.from({ length: 24 }, (_, index) => `${index + 1}.`),
  );
  return items.map((item) => item.lastChild?.textContent ?? '');
}

/** The check step's fields, each with the position it asks for. */
function checkFields(): { position: number; input: HTMLElement }[] {
  return dialog()
    .getAllByLabelText(/^Word \d+/)
    .map((input) => ({ position: Number(input.dataset.position), input }));
}

/** Types the asked words back (any case and spacing), the first one wrong if `wrongFirst`; answers its position. */
async function typeCheckWords(user: UserEvent, words: string[], wrongFirst = false) {
  await user.click(dialog().getByRole('button', { name: 'I have kept it' }));
  const fields = checkFields();
  expect(fields).toHaveLength(3);
  await waitFor(() => expect(fields[0]?.input).toHaveFocus());
  const wrongAt = wrongFirst ? fields[0]!.position : undefined;
  for (const { position, input } of fields) {
    const word = words[position - 1]!;
    // Another word of the list, not this one.
    const typed = position === wrongAt ? (word === 'abandon' ? 'ability' : 'abandon') : word;
    await enter(user, input, ` ${typed.toUpperCase()} `);
  }
  await user.click(dialog().getByRole('button', { name: 'Check and save' }));
  return wrongAt;
}

/** jsdom's Blob has no text(); its FileReader reads one. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const puts = () => requestLog.filter((line) => line.startsWith('PUT'));

/** Every password the dialog asked the server to check, in order; the regular handler answers. */
let checked: string[] = [];
const checks = () => checked;
beforeEach(() => {
  checked = [];
  server.use(
    http.post(apiUrl('api/account/password/check/'), async ({ request }) => {
      checked.push(((await request.clone().json()) as { password: string }).password);
    }),
  );
});

/** The body of every create sent (the regular handler answers). */
function createsSent(): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.put(apiUrl('api/account/keys/'), async ({ request }) => {
      sent.push((await request.clone().json()) as Record<string, unknown>);
    }),
  );
  return sent;
}

describe('PrivateMonthsSection, before setup', () => {
  it('says what private months are, and what a reset by email and a lost key mean', async () => {
    renderSection();
    expect(await section().findByRole('button', { name: 'Set up private months…' })).toBeVisible();
    expect(section().getByText(/encrypted on this device before it is sent/)).toBeVisible();
    expect(section().getByText(/not even Monthbook/, { selector: 'p' })).toBeVisible();
    expect(
      section().getByText(
        'If you reset your password by email, your private months stay locked until you enter your recovery key.',
      ),
    ).toBeVisible();
    expect(section().getByText(/Without both your password and your recovery key/)).toBeVisible();
  });

  it('sets up: the words shown once, checked, then wraps that open with the password and with those words', async () => {
    const user = renderSection();
    await openDialog(user, 'Set up private months…');
    await waitFor(() => expect(dialog().getByLabelText(/^Current password/)).toHaveFocus());

    const words = await passwordThenWords(user);
    await user.click(dialog().getByRole('button', { name: 'Save as a file' }));
    await waitFor(() => expect(savedFiles).toHaveLength(1));
    expect(puts()).toEqual([]);
    await typeCheckWords(user, words);

    await outcome('Private months are set up. Keep your recovery key safe.');
    expect(puts()).toEqual(['PUT /api/account/keys/']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(section().getByRole('button', { name: 'Show a new recovery key…' })).toBeVisible();

    const stored = accountKeysMock.stored!;
    const byPassword = await unwrapWithPassword(stored.by_password, ACCOUNT_PASSWORD);
    const fromWords = recoveryKeyFromWords(words.join(' '));
    expect(unwrapWithRecoveryKey(stored.by_recovery_key, fromWords)).toEqual(byPassword);
    // The key just made stays open on this device: no password asked again.
    expect(section().getByText(/^Open on this device/)).toBeVisible();
    expect(openAccountKey()).toEqual(byPassword);
    const file = savedFiles[0]!;
    expect(file.name).toBe('monthbook-recovery-key.txt');
    const text = await readText(file.blob);
    expect(text).toMatch(/^# Monthbook recovery key/);
    expect(recoveryKeyFromFile(text)).toEqual(fromWords);
  });

  it('says a wrong password at its field and stays there, with no words shown; the right one goes on and is sent with the wraps', async () => {
    const sent = createsSent();
    const user = renderSection();
    await openDialog(user, 'Set up private months…');

    await enter(user, dialog().getByLabelText(/^Current password/), 'Not-the-password1!');
    await user.click(dialog().getByRole('button', { name: 'Continue' }));

    const field = dialog().getByLabelText(/^Current password/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Your current password is incorrect\./),
    );
    expect(field).toHaveFocus();
    expect(dialog().queryByRole('heading', { name: 'Your recovery key' })).toBeNull();
    expect(dialog().queryByRole('list')).toBeNull();
    expect(dialog().getByRole('button', { name: 'Continue' })).toBeVisible();
    expect(checks()).toEqual(['Not-the-password1!']);

    const words = await passwordThenWords(user);
    expect(puts()).toEqual([]);
    await typeCheckWords(user, words);

    await outcome('Private months are set up. Keep your recovery key safe.');
    expect(checks()).toEqual(['Not-the-password1!', ACCOUNT_PASSWORD]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ password: ACCOUNT_PASSWORD });
    expect(sent[0]?.by_password).toEqual(accountKeysMock.stored?.by_password);
  });

  it('goes back to the password when the server refuses it as the wraps are sent, and stores nothing', async () => {
    const user = renderSection();
    await openDialog(user, 'Set up private months…');
    const words = await passwordThenWords(user);
    // The password changed on another device after it was checked here.
    server.use(http.put(apiUrl('api/account/keys/'), () => wrongPassword(), { once: true }));

    await typeCheckWords(user, words);

    const field = await dialog().findByLabelText(/^Current password/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Your current password is incorrect\./),
    );
    expect(dialog().queryByRole('heading', { name: 'Your recovery key' })).toBeNull();
    expect(accountKeysMock.stored).toBeNull();
  });

  it('sends nothing while a checked word is wrong, and says which', async () => {
    const user = renderSection();
    await openDialog(user, 'Set up private months…');
    const words = await passwordThenWords(user);
    const wrongAt = await typeCheckWords(user, words, true);

    // Not a longer number that starts the same (word 2 and word 24 may both be asked).
    const field = dialog().getByLabelText(new RegExp(`^Word ${wrongAt}(?!\\d)`));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(`This is not word ${wrongAt} of your recovery key.`);
    expect(field).toHaveFocus();
    expect(puts()).toEqual([]);
    expect(accountKeysMock.stored).toBeNull();
  });

  it('stores nothing when cancelled on the words, or closed with Escape, and says so', async () => {
    const user = renderSection();
    await openDialog(user, 'Set up private months…');
    await passwordThenWords(user);
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));

    await outcome('Nothing was stored: private months are not set up.');
    expect(screen.queryByRole('dialog')).toBeNull();

    await openDialog(user, 'Set up private months…');
    expect(dialog().getByText(/Nothing is stored until you have written down/)).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([]);
    expect(accountKeysMock.stored).toBeNull();
  });

  it('says when another device set up first (409), and shows the set-up state', async () => {
    const user = renderSection();
    await openDialog(user, 'Set up private months…');
    const words = await passwordThenWords(user);
    const at = new Date().toISOString();
    const theirs = { ...makeAccountKeyWraps(), version: 1, created_at: at, updated_at: at };
    accountKeysMock.stored = theirs;

    await typeCheckWords(user, words);

    expect(await section().findByText(/set up from another device in the meantime/)).toBeVisible();
    expect(await section().findByText('Private months are set up on this account.')).toBeVisible();
    expect(accountKeysMock.stored).toEqual(theirs);
  });
});

describe('PrivateMonthsSection, set up', () => {
  it('makes a new recovery key: a wrong password is said under the field, the right one replaces the recovery wrap with If-Match', async () => {
    const made = await createAccountKey(ACCOUNT_PASSWORD);
    const at = new Date().toISOString();
    accountKeysMock.stored = {
      by_password: made.byPassword,
      by_recovery_key: made.byRecoveryKey,
      version: 3,
      created_at: at,
      updated_at: at,
    };
    const ifMatch: (string | null)[] = [];
    server.use(
      http.put(apiUrl('api/account/keys/recovery-key/'), ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
      }),
    );
    const user = renderSection();
    expect(await section().findByText('Private months are set up on this account.')).toBeVisible();
    expect(section().getByText(/the old words stop working/)).toBeVisible();
    await openDialog(user, 'Show a new recovery key…');

    await enter(user, dialog().getByLabelText(/^Current password/), 'Not-the-password1!');
    await user.click(dialog().getByRole('button', { name: 'Continue' }));
    const field = dialog().getByLabelText(/^Current password/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/Your current password is incorrect\./),
    );
    expect(field).toHaveFocus();

    const words = await passwordThenWords(user);
    await typeCheckWords(user, words);

    expect(
      await section().findByText('Your new recovery key is saved: the old words no longer work.'),
    ).toBeVisible();
    expect(puts()).toEqual(['PUT /api/account/keys/recovery-key/']);
    expect(ifMatch).toEqual([etagOf(3)]);
    expect(checks()).toEqual(['Not-the-password1!', ACCOUNT_PASSWORD]);
    const stored = accountKeysMock.stored!;
    expect(stored.by_password).toEqual(made.byPassword);
    const fromWords = recoveryKeyFromWords(words.join(' '));
    expect(unwrapWithRecoveryKey(stored.by_recovery_key, fromWords)).toEqual(made.accountKey);
    expect(() => unwrapWithRecoveryKey(stored.by_recovery_key, made.recoveryKey)).toThrow(
      WrongKeyError,
    );
  });
});

describe('PrivateMonthsSection in Portuguese', () => {
  it('says it all in pt-BR', async () => {
    await act(() => setLocale('pt-BR'));
    const user = renderSection();
    const region = await screen.findByRole('region', { name: 'Meses privados' });
    expect(
      await within(region).findByText(
        'Se você redefinir sua senha por e-mail, seus meses privados continuam trancados até você digitar sua chave de recuperação.',
      ),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Configurar meses privados…' }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(dialog().getByLabelText(/^Senha atual/)).toHaveFocus());
    await user.click(dialog().getByRole('button', { name: 'Continuar' }));
    expect(dialog().getByLabelText(/^Senha atual/)).toHaveAccessibleDescription(
      /Este campo é obrigatório\./,
    );
  });
});

describe('pickPositions', () => {
  it('picks different positions within the words, in order', () => {
    for (let run = 0; run < 50; run += 1) {
      const picked = pickPositions(3, 24);
      expect(new Set(picked).size).toBe(3);
      expect(picked).toEqual([...picked].sort((a, b) => a - b));
      expect(picked.every((position) => position >= 1 && position <= 24)).toBe(true);
    }
  });
});
