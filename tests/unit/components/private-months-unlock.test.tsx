// Settings → Private months on this device: open, locked with the password, or (after a reset by email) locked until the recovery key, which then puts the key back under the current password.
// Each derivation is real Argon2id at 64 MiB (the wire refuses cheaper wraps): about a second here.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { etagOf } from '../../../contract/row-versions';
import { PrivateMonthsSection } from '../../../src/components/settings/private-months-section';
import { createAccountKey, generateKey, unwrapWithPassword } from '../../../src/crypto/keys';
import {
  RecoveryKeyError,
  recoveryKeyFile,
  recoveryKeyFromWords,
  recoveryKeyToWords,
} from '../../../src/crypto/recovery-key';
import { setLocale } from '../../../src/i18n/store';
import { ACCOUNT_KEY_STORAGE_KEY } from '../../../src/offline/keys';
import { setSavedQueriesStorage } from '../../../src/offline/query-persistence';
import {
  forgetAccountKeyHere,
  keepAccountKey,
  openAccountKey,
  openAfterLogin,
} from '../../../src/queries/account-key-session';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import {
  accountKeysMock,
  resetAccountKeysMock,
  storeAccountKeys,
} from '../msw/handlers/account-keys';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { type MemoryStorage, memoryStorage } from '../offline/offline-support';
import { createTestQueryClient } from '../queries/wrapper';
// Also stubs what jsdom lacks for Mantine (matchMedia, ResizeObserver).
import { signIn } from '../routes/render-route';

setupMswServer();
vi.setConfig({ testTimeout: 40_000 });

/** Argon2id on a machine shared with other work. */
const DERIVING = { timeout: 20_000 };
const OLD_PASSWORD = 'The-old-password1!';

function failsChecksum(text: string): boolean {
  try {
    recoveryKeyFromWords(text);
    return false;
  } catch (error) {
    return error instanceof RecoveryKeyError && error.reason === 'checksum';
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  signIn();
  storage = memoryStorage();
  setSavedQueriesStorage(storage);
});
afterEach(async () => {
  forgetAccountKeyHere();
  setSavedQueriesStorage(null);
  resetAccountKeysMock();
  await act(() => setLocale('en'));
});

/** The account's wraps at `version`, the password one under `password`. */
async function storeWraps(password: string, version = 1) {
  const made = await createAccountKey(password);
  storeAccountKeys(made, version);
  return made;
}

function renderSection() {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <PrivateMonthsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user, queryClient };
}

const section = () => within(screen.getByRole('region', { name: 'Private months' }));
const puts = () => requestLog.filter((line) => line.startsWith('PUT'));

describe('Private months on this device', () => {
  it('says the key is open here, and asks for nothing', async () => {
    const made = await storeWraps(ACCOUNT_PASSWORD);
    await keepAccountKey(made.accountKey);
    renderSection();
    expect(await section().findByText(/^Open on this device/)).toBeVisible();
    expect(section().queryByLabelText(/^Your password/)).toBeNull();
  });

  it('opens it with the password: a wrong one is said at the field', async () => {
    const made = await storeWraps(ACCOUNT_PASSWORD);
    const { user } = renderSection();
    expect(
      await section().findByText(/^Locked on this device\. Your password opens them/),
    ).toBeVisible();

    const field = await section().findByLabelText(/^Your password/);
    await user.type(field, 'Not-the-password1!');
    await user.click(section().getByRole('button', { name: 'Open private months' }));
    await waitFor(
      () =>
        expect(field).toHaveAccessibleDescription(
          /This password does not open your private months/,
        ),
      DERIVING,
    );
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, ACCOUNT_PASSWORD);
    await user.click(section().getByRole('button', { name: 'Open private months' }));
    const said = await section().findByText(
      'Your private months are open on this device.',
      {},
      DERIVING,
    );
    const status = said.closest('[role="status"]');
    await waitFor(() => expect(status).toHaveFocus());
    expect(section().getByText(/^Open on this device/)).toBeVisible();
    expect(openAccountKey()).toEqual(made.accountKey);
    expect(await storage.getItem(ACCOUNT_KEY_STORAGE_KEY)).not.toBeNull();
    expect(puts()).toEqual([]);
  });

  it('after a reset by email, says they stay locked until the recovery key, and says which words are wrong', async () => {
    const made = await storeWraps(OLD_PASSWORD);
    const { user, queryClient } = renderSection();
    // The login's password (the new one) does not open the wrap, still under the old one.
    await act(() => openAfterLogin(queryClient, ACCOUNT_PASSWORD));
    expect(
      await section().findByText(
        /it was reset by email\. They stay locked until you enter your recovery key/,
      ),
    ).toBeVisible();
    expect(section().queryByRole('button', { name: 'Use my password instead' })).toBeNull();

    const words = await section().findByLabelText(/^The 24 words of your recovery key/);
    const password = section().getByLabelText(/^Your current password/);
    await user.type(password, ACCOUNT_PASSWORD);
    const open = () =>
      user.click(section().getByRole('button', { name: 'Open with the recovery key' }));
    const paste = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    const says = async (text: string | RegExp) => {
      await waitFor(() => expect(words).toHaveAccessibleDescription(text));
      expect(words).toHaveFocus();
    };

    const right = recoveryKeyToWords(made.recoveryKey);
    await paste(words, right.slice(0, 23).join(' '));
    await open();
    await says(/A recovery key is 24 words/);

    await paste(words, [...right.slice(0, 4), 'notaword', ...right.slice(5)].join('\n'));
    await open();
    await says(/Word 5 is not a recovery word/);

    // On the list, but not the key's: the checksum says so. One swap in 256 passes the checksum
    // (the key is random), so take the first list word whose swap the checksum catches.
    const wrongFirstWord = (first: string) => [first, ...right.slice(1)].join(' ');
    const swapped = ['abandon', 'ability', 'able', 'about'].find(
      (first) => first !== right[0] && failsChecksum(wrongFirstWord(first)),
    )!;
    await paste(words, wrongFirstWord(swapped));
    await open();
    await says(/One of these words is wrong/);

    await paste(words, recoveryKeyToWords(generateKey()).join(' '));
    await open();
    await says(/This recovery key does not open your private months/);
    expect(puts()).toEqual([]);
    expect(openAccountKey()).toBeNull();
  });

  it('the recovery file opens the key, which goes under the current password with If-Match; the password opens it from then on', async () => {
    const made = await storeWraps(OLD_PASSWORD, 4);
    const bodies: Record<string, unknown>[] = [];
    const ifMatch: (string | null)[] = [];
    server.use(
      http.put(apiUrl('api/account/keys/password/'), async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        ifMatch.push(request.headers.get('if-match'));
      }),
    );
    const { user, queryClient } = renderSection();
    await act(() => openAfterLogin(queryClient, ACCOUNT_PASSWORD));
    await section().findByLabelText(/^The 24 words of your recovery key/, {}, DERIVING);

    // Another account's file first: said, nothing sent.
    const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const upload = (text: string) =>
      user.upload(
        fileInput(),
        new File([text], 'monthbook-recovery-key.txt', { type: 'text/plain' }),
      );
    await upload(recoveryKeyFile(generateKey()));
    expect(await section().findByText('Recovery file: monthbook-recovery-key.txt')).toBeVisible();
    await user.type(section().getByLabelText(/^Your current password/), ACCOUNT_PASSWORD);
    await user.click(section().getByRole('button', { name: 'Open with the recovery key' }));
    const typeWords = section().getByRole('button', { name: 'Type the words instead' });
    await waitFor(() =>
      expect(typeWords).toHaveAccessibleDescription(/This recovery key does not open/),
    );
    expect(puts()).toEqual([]);

    await user.click(typeWords);
    await upload(recoveryKeyFile(made.recoveryKey, ['A comment line']));
    await user.click(section().getByRole('button', { name: 'Open with the recovery key' }));

    expect(
      await section().findByText(/and your password opens them again from now on/, {}, DERIVING),
    ).toBeVisible();
    expect(section().getByText(/^Open on this device/)).toBeVisible();
    expect(puts()).toEqual(['PUT /api/account/keys/password/']);
    expect(ifMatch).toEqual([etagOf(4)]);
    expect(Object.keys(bodies[0]!).sort()).toEqual(['kdf', 'key', 'password']);
    expect(bodies[0]!.password).toBe(ACCOUNT_PASSWORD);
    const { password: _, ...wrap } = bodies[0]!;
    expect(await unwrapWithPassword(wrap, ACCOUNT_PASSWORD)).toEqual(made.accountKey);
    expect(accountKeysMock.stored?.by_recovery_key).toEqual(made.byRecoveryKey);
    expect(openAccountKey()).toEqual(made.accountKey);
    expect(await storage.getItem(ACCOUNT_KEY_STORAGE_KEY)).not.toBeNull();
  });

  it('says a password the server refuses at its field, and stores nothing', async () => {
    const made = await storeWraps(OLD_PASSWORD);
    const { user } = renderSection();
    await user.click(await section().findByRole('button', { name: 'Use my recovery key instead' }));
    await user.type(
      section().getByLabelText(/^The 24 words of your recovery key/),
      recoveryKeyToWords(made.recoveryKey).join(' '),
    );
    const password = section().getByLabelText(/^Your current password/);
    await user.type(password, 'Not-the-password1!');
    await user.click(section().getByRole('button', { name: 'Open with the recovery key' }));
    await waitFor(
      () => expect(password).toHaveAccessibleDescription(/Your current password is incorrect\./),
      DERIVING,
    );
    expect(password).toHaveFocus();
    expect(accountKeysMock.stored?.by_password).toEqual(made.byPassword);
    expect(openAccountKey()).toBeNull();
  });

  it('says it in pt-BR', async () => {
    await storeWraps(OLD_PASSWORD);
    await act(() => setLocale('pt-BR'));
    const { queryClient } = renderSection();
    await act(() => openAfterLogin(queryClient, ACCOUNT_PASSWORD));
    const region = await screen.findByRole('region', { name: 'Meses privados' });
    expect(
      await within(region).findByLabelText(/^As 24 palavras da sua chave de recuperação/),
    ).toBeVisible();
    expect(within(region).getByText(/ela foi redefinida por e-mail/)).toBeVisible();
  });
});
