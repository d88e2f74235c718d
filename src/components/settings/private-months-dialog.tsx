// The private-months dialog: the password (checked by the server first), then a recovery key shown once and checked, and only then the wraps sent with the password (a first setup, or a new recovery key).
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { AccountKeys } from '../../../contract/account-keys';
import { MESSAGES } from '../../../contract/rules';
import { privateMonths } from '../../i18n/en/private-months';
import { translateMessage, useTexts } from '../../i18n/store';
import { fieldErrorsOf, useCheckPassword } from '../../queries/account';
import { keepAccountKey } from '../../queries/account-key-session';
import { useCreateAccountKeys, useReplaceRecoveryWrap } from '../../queries/account-keys';
import { errorDetail, errorStatus } from '../../queries/errors';
import { PasswordField } from '../auth/password-field';
import { useOpenedAfterMount } from '../use-mounted-once';
import type { PreparedKey } from './private-months-keys';
import { CheckStep, pickPositions, WordsStep } from './recovery-key-steps';
import { saveFile } from './save-file';

const loadKeys = () => import('./private-months-keys');

/** How many of the 24 words the user types back. */
const CHECKED_WORDS = 3;

/** The server's message for a wrong password (a 400 under `password`), in the active language; else null. */
async function wrongPasswordOf(error: unknown): Promise<string | null> {
  const message = (await fieldErrorsOf(error))?.password?.[0];
  return message ? translateMessage(message) : null;
}

/** How the dialog ended, for the section to say. */
export type DialogOutcome = 'done' | 'cancelled' | 'set-up-elsewhere' | 'changed-elsewhere';

interface PrivateMonthsDialogProps {
  /** null: a first setup; the stored wraps: a new recovery key for them. */
  keys: AccountKeys | null;
  onClose: (outcome: DialogOutcome) => void;
}

export function PrivateMonthsDialog({ keys, onClose }: PrivateMonthsDialogProps) {
  const t = useTexts('privateMonths', privateMonths);
  const opened = useOpenedAfterMount(true);
  const create = useCreateAccountKeys();
  const replace = useReplaceRecoveryWrap();
  const [prepared, setPrepared] = useState<PreparedKey | null>(null);
  // The password the server checked: sent again with the wraps, which it checks once more.
  const [password, setPassword] = useState('');
  /** The server refused the password when the wraps were sent: the password step says so. */
  const [refusedPassword, setRefusedPassword] = useState<string | null>(null);
  const [step, setStep] = useState<'password' | 'words' | 'check'>('password');
  const [positions] = useState(() => pickPositions(CHECKED_WORDS, 24));
  const [failure, setFailure] = useState<string | null>(null);
  const saving = create.isPending || replace.isPending;

  // Whatever ends the dialog, the recovery key does not stay in memory after it.
  const preparedRef = useRef<PreparedKey | null>(null);
  preparedRef.current = prepared;
  useEffect(
    () => () => {
      if (preparedRef.current) void loadKeys().then(({ forget }) => forget(preparedRef.current!));
    },
    [],
  );

  const close = (outcome: DialogOutcome) => {
    // A send under way cannot be taken back: the dialog stays until it is answered.
    if (saving) return;
    onClose(outcome);
  };

  const store = async () => {
    if (!prepared || saving) return;
    setFailure(null);
    try {
      if (prepared.kind === 'set-up') await create.mutateAsync({ password, ...prepared.body });
      else await replace.mutateAsync({ wrap: prepared.wrap, password, basedOn: prepared.basedOn });
      // Its own copy: the dialog overwrites its keys as it goes. Held at once; saving it on the
      // device is not waited for, so the dialog closes as the server answers.
      void keepAccountKey(prepared.accountKey.slice());
      onClose('done');
    } catch (error) {
      const status = errorStatus(error);
      const wrongPassword = await wrongPasswordOf(error);
      if (prepared.kind === 'set-up' && status === 409) onClose('set-up-elsewhere');
      else if (prepared.kind === 'new-key' && status === 412) onClose('changed-elsewhere');
      else if (wrongPassword) {
        // Changed since it was checked (from another device): this key was made with the old one,
        // so it is dropped and made again from the password typed now.
        void loadKeys().then(({ forget }) => forget(prepared));
        setPrepared(null);
        setRefusedPassword(wrongPassword);
        setStep('password');
      } else setFailure(t.saveFailed);
    }
  };

  const saveRecoveryFile = async () => {
    if (!prepared) return;
    const { recoveryFileText, RECOVERY_FILE_NAME } = await loadKeys();
    const text = recoveryFileText(prepared, t.fileComments);
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE_NAME);
  };

  let body: ReactNode;
  if (step === 'password' || !prepared) {
    body = (
      <PasswordStep
        keys={keys}
        refused={refusedPassword}
        onPrepared={(made, checked) => {
          setPrepared(made);
          setPassword(checked);
          setRefusedPassword(null);
          setStep('words');
        }}
        onCancel={() => close('cancelled')}
      />
    );
  } else if (step === 'words') {
    body = (
      <WordsStep
        words={prepared.words}
        onSaveFile={saveRecoveryFile}
        onKept={() => setStep('check')}
        onCancel={() => close('cancelled')}
      />
    );
  } else {
    body = (
      <CheckStep
        words={prepared.words}
        positions={positions}
        saving={saving}
        failure={failure}
        onChecked={store}
        onBack={() => setStep('words')}
        onCancel={() => close('cancelled')}
      />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={() => close('cancelled')}
      title={keys ? t.newKeyTitle : t.setUpTitle}
      closeOnEscape={!saving}
      closeOnClickOutside={false}
      withCloseButton={!saving}
      closeButtonProps={{ 'aria-label': t.close }}
      size="lg"
      centered
    >
      {body}
    </Modal>
  );
}

/** What the password step does next: go on with the key, or say why not, at the field or above it. */
type PrepareOutcome = { prepared: PreparedKey } | { error: string } | { failure: string };

interface PasswordStepProps {
  keys: AccountKeys | null;
  /** The server's word on a password it refused when the wraps were sent. */
  refused: string | null;
  onPrepared: (prepared: PreparedKey, password: string) => void;
  onCancel: () => void;
}

/**
 * The password, checked by the server before anything else: a wrong one is said here, before any
 * word is shown. Then a new key is made from it, or the stored one opened with it (~0.5 s of
 * Argon2id).
 */
function PasswordStep({ keys, refused, onPrepared, onCancel }: PasswordStepProps) {
  const t = useTexts('privateMonths', privateMonths);
  const check = useCheckPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(refused);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busyRef = useRef(false);
  const alive = useRef(true);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    alive.current = true;
    // The crypto starts loading as the dialog opens, while the user types.
    void loadKeys();
    return () => {
      alive.current = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A ref, not the state: a second Enter before the re-render must not derive twice.
    if (busyRef.current) return;
    if (password === '') {
      setError(translateMessage(MESSAGES.required));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    setFailure(null);
    try {
      const outcome = await prepare(password);
      if (!alive.current) {
        // Closed meanwhile: what was made is dropped, nothing was sent.
        if ('prepared' in outcome) void loadKeys().then(({ forget }) => forget(outcome.prepared));
        return;
      }
      if ('prepared' in outcome) onPrepared(outcome.prepared, password);
      else if ('error' in outcome) {
        setError(outcome.error);
        form.current?.querySelector('input')?.focus();
      } else setFailure(outcome.failure);
    } finally {
      busyRef.current = false;
      if (alive.current) setBusy(false);
    }
  };

  /** The server's check of the password, then the key made or opened with it. */
  const prepare = async (typed: string): Promise<PrepareOutcome> => {
    try {
      await check.mutateAsync(typed);
    } catch (cause) {
      const wrongPassword = await wrongPasswordOf(cause);
      if (wrongPassword) return { error: wrongPassword };
      // A limit reached says so; anything else is the connection.
      const detail = await errorDetail(cause);
      return { failure: detail ? translateMessage(detail) : t.checkFailed };
    }
    try {
      const crypto = await loadKeys();
      const prepared = keys
        ? await crypto.prepareNewRecoveryKey(keys, typed)
        : await crypto.prepareSetUp(typed);
      return prepared ? { prepared } : { error: t.incorrectPassword };
    } catch (cause) {
      // Not a wrong password: the code did not load (offline), or the stored wrap is damaged.
      console.error('Private months: the key could not be made or opened', cause);
      return { failure: t.keyFailed };
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{keys ? t.newKeyWarning : t.nothingStoredYet}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField
          label={t.passwordLabel}
          description={keys ? t.passwordForNewKey : t.passwordForSetUp}
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        {busy && (
          <Text size="sm" role="status">
            {keys ? t.opening : t.working}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t.cancel}
          </Button>
          {/* Not `loading`, which disables the button: the focused button would drop focus. */}
          <Button
            type="submit"
            aria-disabled={busy || undefined}
            leftSection={busy ? <Loader size={14} color="currentColor" /> : undefined}
          >
            {t.makeKey}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
