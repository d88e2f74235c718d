// The account key open on this device: opened at login with the password in the background, kept on the device and read back after a reload, and forgotten at logout.
// Each derivation is real Argon2id at 64 MiB: about a second here.
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { sessionUserId } from '../../../src/api/tokens';
import { createAccountKey, generateKey } from '../../../src/crypto/keys';
import { ACCOUNT_KEY_STORAGE_KEY } from '../../../src/offline/keys';
import { setSavedQueriesStorage } from '../../../src/offline/query-persistence';
import {
  forgetAccountKeyHere,
  keepAccountKey,
  openAccountKey,
  useAccountKeyState,
} from '../../../src/queries/account-key-session';
import { useLogin, useLogout } from '../../../src/queries/auth';
import { db } from '../msw/db';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import { resetAccountKeysMock, storeAccountKeys } from '../msw/handlers/account-keys';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { type MemoryStorage, memoryStorage } from '../offline/offline-support';
import { signIn } from '../routes/render-route';
import { renderQueryHook } from './wrapper';

setupMswServer();
vi.setConfig({ testTimeout: 30_000 });

/** Argon2id on a machine shared with other work. */
const DERIVING = { timeout: 20_000 };
const credentials = { username: 'journaler', password: ACCOUNT_PASSWORD };

let storage: MemoryStorage;
beforeEach(() => {
  storage = memoryStorage();
  setSavedQueriesStorage(storage);
});
afterEach(() => {
  forgetAccountKeyHere();
  setSavedQueriesStorage(null);
  resetAccountKeysMock();
});

/** The account's wraps, the password one under `password`. */
async function storeWraps(password: string): Promise<Uint8Array> {
  const made = await createAccountKey(password);
  storeAccountKeys(made);
  return made.accountKey;
}

const savedOnDevice = async () => {
  const text = await storage.getItem(ACCOUNT_KEY_STORAGE_KEY);
  return text ? (JSON.parse(text) as { user: number; key: number[] }) : null;
};

function renderLogin() {
  return renderQueryHook(() => ({
    login: useLogin(),
    logout: useLogout(),
    state: useAccountKeyState(),
  }));
}

describe('after a login', () => {
  it('opens the key with the password, in the background, and keeps it on the device', async () => {
    db.users.push(credentials);
    const accountKey = await storeWraps(ACCOUNT_PASSWORD);
    const { result } = renderLogin();

    await act(() => result.current.login.mutateAsync(credentials));

    await waitFor(() => expect(result.current.state).toEqual({ status: 'open' }), DERIVING);
    expect(openAccountKey()).toEqual(accountKey);
    expect(await savedOnDevice()).toEqual({ user: sessionUserId(), key: [...accountKey] });
  });

  it('leaves it locked, needing the recovery key, when the password does not open it (a reset by email)', async () => {
    db.users.push(credentials);
    await storeWraps('The-old-password1!');
    const { result } = renderLogin();

    await act(() => result.current.login.mutateAsync(credentials));

    await waitFor(
      () => expect(result.current.state).toEqual({ status: 'locked', needsRecoveryKey: true }),
      DERIVING,
    );
    expect(openAccountKey()).toBeNull();
    expect(await savedOnDevice()).toBeNull();
  });

  it('logs in all the same when the wraps cannot be read', async () => {
    db.users.push(credentials);
    server.use(http.get(apiUrl('api/account/keys/'), () => HttpResponse.error()));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderLogin();

    await expect(act(() => result.current.login.mutateAsync(credentials))).resolves.toEqual({
      hasPaid: expect.any(Boolean),
    });

    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Could not open the private months', expect.anything()),
    );
    expect(result.current.state).toEqual({ status: 'locked', needsRecoveryKey: false });
    errors.mockRestore();
  });
});

describe('on a reload', () => {
  it("reads the user's key kept on the device, and not another user's", async () => {
    signIn();
    const key = generateKey();
    await storage.setItem(
      ACCOUNT_KEY_STORAGE_KEY,
      JSON.stringify({ user: sessionUserId()! + 1, key: [...key] }),
    );
    const other = renderQueryHook(() => useAccountKeyState());
    await waitFor(() =>
      expect(other.result.current).toEqual({ status: 'locked', needsRecoveryKey: false }),
    );
    other.unmount();
    forgetAccountKeyHere();

    await storage.setItem(
      ACCOUNT_KEY_STORAGE_KEY,
      JSON.stringify({ user: sessionUserId(), key: [...key] }),
    );
    const { result } = renderQueryHook(() => useAccountKeyState());
    await waitFor(() => expect(result.current).toEqual({ status: 'open' }));
    expect(openAccountKey()).toEqual(key);
  });
});

describe('at logout', () => {
  it('forgets the key in memory and on the device', async () => {
    signIn();
    const key = generateKey();
    await keepAccountKey(key.slice());
    expect(await savedOnDevice()).toEqual({ user: sessionUserId(), key: [...key] });
    const { result } = renderLogin();
    await waitFor(() => expect(result.current.state).toEqual({ status: 'open' }));

    await act(() => result.current.logout.mutateAsync());

    await waitFor(() => expect(openAccountKey()).toBeNull());
    expect(result.current.state).toEqual({ status: 'checking' });
    await waitFor(async () => expect(await savedOnDevice()).toBeNull());
  });
});
