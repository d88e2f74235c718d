// The private-months dialog: the password, then a recovery key shown once and checked, and only then the wraps sent (a first setup, or a new recovery key).
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { AccountKeys } from '../../../contract/account-keys';
import { MESSAGES } from '../../../contract/rules';
import { privateMonths } from '../../i18n/en/private-months';
import { translateMessage, useTexts } from '../../i18n/store';
import { useCreateAccountKeys, useReplaceRecoveryWrap } from '../../queries/account-keys';
import { errorStatus } from '../../queries/errors';
import { PasswordField } from '../auth/password-field';
import { useOpenedAfterMount } from '../use-mounted-once';
import type { PreparedKey } from './private-months-keys';
import { CheckStep, pickPositions, WordsStep } from './recovery-key-steps';
import { saveFile } from './save-file';

const loadKeys = () => import('./private-months-keys');

/** How many of the 24 words the user types back. */
const CHECKED_WORDS = 3;

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
      if (prepared.kind === 'set-up') await create.mutateAsync(prepared.body);
      else await replace.mutateAsync({ wrap: prepared.wrap, basedOn: prepared.basedOn });
      onClose('done');
    } catch (error) {
      const status = errorStatus(error);
      if (prepared.kind === 'set-up' && status === 409) onClose('set-up-elsewhere');
      else if (prepared.kind === 'new-key' && status === 412) onClose('changed-elsewhere');
      else setFailure(t.saveFailed);
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
        onPrepared={(made) => {
          setPrepared(made);
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

interface PasswordStepProps {
  keys: AccountKeys | null;
  onPrepared: (prepared: PreparedKey) => void;
  onCancel: () => void;
}

/** The password: a new key is made from it, or the stored one opened with it (~0.5 s of Argon2id). */
function PasswordStep({ keys, onPrepared, onCancel }: PasswordStepProps) {
  const t = useTexts('privateMonths', privateMonths);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
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
      const crypto = await loadKeys();
      const made = keys
        ? await crypto.prepareNewRecoveryKey(keys, password)
        : await crypto.prepareSetUp(password);
      // Closed while deriving: what was made is dropped, nothing was sent.
      if (!alive.current) {
        if (made) crypto.forget(made);
        return;
      }
      if (made) onPrepared(made);
      else {
        setError(t.incorrectPassword);
        form.current?.querySelector('input')?.focus();
      }
    } catch (cause) {
      // Not a wrong password: the code did not load (offline), or the stored wrap is damaged.
      console.error('Private months: the key could not be made or opened', cause);
      if (alive.current) setFailure(t.keyFailed);
    } finally {
      busyRef.current = false;
      if (alive.current) setBusy(false);
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
