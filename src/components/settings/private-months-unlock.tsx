// Settings → Private months on a device where their key is not open: the password opens it; after a reset by email, the recovery key does, and puts it back under the current password.
import { Alert, Button, FileButton, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { AccountKeys } from '../../../contract/account-keys';
import { MESSAGES } from '../../../contract/rules';
import { privateMonths } from '../../i18n/en/private-months';
import { translateMessage, useTexts } from '../../i18n/store';
import type { RecoveryFailure } from '../../queries/account-key-crypto';
import { keepAccountKey } from '../../queries/account-key-session';
import { useReplacePasswordWrap } from '../../queries/account-keys';
import { errorBody, errorDetail, errorStatus } from '../../queries/errors';
import { PasswordField } from '../auth/password-field';

const loadCrypto = () => import('../../queries/account-key-crypto');

type Texts = ReturnType<typeof useTexts<'privateMonths'>>;

interface UnlockProps {
  keys: AccountKeys;
  /** The password accepted at login did not open the key: only the recovery key can. */
  needsRecoveryKey: boolean;
  /** Opened and kept on this device: what the section says. */
  onOpened: (message: string) => void;
}

export function PrivateMonthsUnlock({ keys, needsRecoveryKey, onOpened }: UnlockProps) {
  const [withRecoveryKey, setWithRecoveryKey] = useState(false);
  return needsRecoveryKey || withRecoveryKey ? (
    <RecoveryKeyForm
      keys={keys}
      needsRecoveryKey={needsRecoveryKey}
      onOpened={onOpened}
      onUsePassword={() => setWithRecoveryKey(false)}
    />
  ) : (
    <PasswordForm
      keys={keys}
      onOpened={onOpened}
      onUseRecoveryKey={() => setWithRecoveryKey(true)}
    />
  );
}

/** Runs one attempt at a time: a second Enter before the re-render must not derive twice. */
function useAttempt() {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const run = async (attempt: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await attempt();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  // Not `loading`, which disables the button: the focused button would drop focus.
  return (
    <Button
      type="submit"
      aria-disabled={busy || undefined}
      leftSection={busy ? <Loader size={14} color="currentColor" /> : undefined}
    >
      {children}
    </Button>
  );
}

interface PasswordFormProps {
  keys: AccountKeys;
  onOpened: (message: string) => void;
  onUseRecoveryKey: () => void;
}

/** The password opens the key here (~0.5 s of Argon2id); nothing is sent. */
function PasswordForm({ keys, onOpened, onUseRecoveryKey }: PasswordFormProps) {
  const t = useTexts('privateMonths', privateMonths);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useAttempt();
  const inputId = useId();
  const focusInput = () => document.getElementById(inputId)?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(translateMessage(MESSAGES.required));
      focusInput();
      return;
    }
    void run(async () => {
      setError(null);
      setFailure(null);
      try {
        const key = await (await loadCrypto()).openWithPassword(keys.by_password, password);
        if (key) {
          await keepAccountKey(key);
          onOpened(t.openedHere);
        } else {
          setError(t.passwordDoesNotOpen);
          focusInput();
        }
      } catch (cause) {
        // Not a wrong password: the code did not load (offline), or the stored wrap is damaged.
        console.error('Private months: the key could not be opened', cause);
        setFailure(t.keyFailed);
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t.lockedHere}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField
          id={inputId}
          label={t.unlockPasswordLabel}
          autoComplete="current-password"
          required
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        {busy && (
          <Text size="sm" role="status">
            {t.opening}
          </Text>
        )}
        <Group gap="sm">
          <SubmitButton busy={busy}>{t.unlock}</SubmitButton>
          <Button variant="subtle" onClick={onUseRecoveryKey}>
            {t.useRecoveryKey}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the section says of words or a file that did not open the key. */
function recoveryMessage(t: Texts, failure: RecoveryFailure): string {
  switch (failure.reason) {
    case 'word-count':
      return t.wordCount;
    case 'unknown-word':
      return t.unknownWords(failure.positions.join(', '), failure.positions.length);
    case 'checksum':
      return t.checksum;
    case 'not-a-recovery-file':
      return t.notARecoveryFile;
    case 'wrong-key':
      return t.wrongRecoveryKey;
  }
}

/**
 * The server's message for a wrong password: a 400 under `password`. Read here, not with
 * queries/account's helper, so this form loaded on demand does not bring the account's writes along.
 */
async function wrongPasswordOf(error: unknown): Promise<string | null> {
  if (errorStatus(error) !== 400) return null;
  const body = (await errorBody(error)) as { password?: unknown } | null;
  return Array.isArray(body?.password) && typeof body.password[0] === 'string'
    ? body.password[0]
    : null;
}

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

interface RecoveryKeyFormProps {
  keys: AccountKeys;
  needsRecoveryKey: boolean;
  onOpened: (message: string) => void;
  onUsePassword: () => void;
}

/**
 * The recovery key (typed words or the file) opens the key; it is then wrapped under the current
 * password (checked by the server) and stored, so the password opens it from then on.
 */
function RecoveryKeyForm({
  keys,
  needsRecoveryKey,
  onOpened,
  onUsePassword,
}: RecoveryKeyFormProps) {
  const t = useTexts('privateMonths', privateMonths);
  const replace = useReplacePasswordWrap();
  const [words, setWords] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [password, setPassword] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useAttempt();
  const wordsInput = useRef<HTMLTextAreaElement>(null);
  const fileButton = useRef<HTMLButtonElement>(null);
  const passwordId = useId();
  const focusPassword = () => document.getElementById(passwordId)?.focus();
  const fileErrorId = useId();

  const showKeyError = (message: string) => {
    setKeyError(message);
    (file ? fileButton : wordsInput).current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file && words.trim() === '') {
      showKeyError(t.noRecoveryKey);
      return;
    }
    if (password === '') {
      setPasswordError(translateMessage(MESSAGES.required));
      focusPassword();
      return;
    }
    void run(async () => {
      setKeyError(null);
      setPasswordError(null);
      setFailure(null);
      try {
        const crypto = await loadCrypto();
        const opened = crypto.openWithRecoveryKey(
          keys.by_recovery_key,
          file ? { file: file.text } : { words },
        );
        if (!('accountKey' in opened)) {
          showKeyError(recoveryMessage(t, opened));
          return;
        }
        const wrap = await crypto.wrapUnderPassword(opened.accountKey, password);
        try {
          await replace.mutateAsync({ wrap, password, basedOn: keys.version });
        } catch (cause) {
          opened.accountKey.fill(0);
          const wrongPassword = await wrongPasswordOf(cause);
          if (wrongPassword) {
            setPasswordError(translateMessage(wrongPassword));
            focusPassword();
          } else if (errorStatus(cause) === 412) setFailure(t.recoveryChangedElsewhere);
          else {
            // A limit reached says so; anything else is the connection.
            const detail = await errorDetail(cause);
            setFailure(detail ? translateMessage(detail) : t.saveFailed);
          }
          return;
        }
        await keepAccountKey(opened.accountKey);
        onOpened(t.recovered);
      } catch (cause) {
        console.error('Private months: the key could not be opened', cause);
        setFailure(t.keyFailed);
      }
    });
  };

  const chooseFile = async (chosen: File | null) => {
    if (!chosen) return;
    setKeyError(null);
    try {
      setFile({ name: chosen.name, text: await readText(chosen) });
    } catch {
      setKeyError(t.notARecoveryFile);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{needsRecoveryKey ? t.needsRecoveryKey : t.resetWarning}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {file ? (
          <Stack gap={4}>
            <Text size="sm">{t.fileChosen(file.name)}</Text>
            {keyError && (
              <Text id={fileErrorId} size="sm" c="red">
                {keyError}
              </Text>
            )}
            <Group>
              <Button
                ref={fileButton}
                variant="default"
                size="xs"
                aria-describedby={keyError ? fileErrorId : undefined}
                onClick={() => {
                  setFile(null);
                  setKeyError(null);
                }}
              >
                {t.removeFile}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Textarea
              ref={wordsInput}
              label={t.recoveryWordsLabel}
              description={t.recoveryWordsHint}
              autosize
              minRows={3}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={words}
              error={keyError}
              onChange={(event) => {
                setWords(event.currentTarget.value);
                if (keyError) setKeyError(null);
              }}
            />
            <Group>
              <FileButton onChange={(chosen) => void chooseFile(chosen)} accept="text/plain,.txt">
                {(props) => (
                  <Button {...props} variant="default" size="xs">
                    {t.chooseFile}
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        )}
        <PasswordField
          id={passwordId}
          label={t.recoveryPasswordLabel}
          description={t.recoveryPasswordHint}
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (passwordError) setPasswordError(null);
          }}
        />
        {busy && (
          <Text size="sm" role="status">
            {t.opening}
          </Text>
        )}
        <Group gap="sm">
          <SubmitButton busy={busy}>{t.openWithRecoveryKey}</SubmitButton>
          {!needsRecoveryKey && (
            <Button variant="subtle" onClick={onUsePassword}>
              {t.usePassword}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
