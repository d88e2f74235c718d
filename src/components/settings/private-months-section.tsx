// Settings: private months — what they are, setting up their key with a recovery key, whether it is open on this device (and opening it), and a new recovery key later; the forms (and the crypto) load on first use.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { AccountKeys } from '../../../contract/account-keys';
import { privateMonths } from '../../i18n/en/private-months';
import { useTexts } from '../../i18n/store';
import { useAccountKeyState } from '../../queries/account-key-session';
import { accountKeysQueryOptions } from '../../queries/account-keys';
import type { DialogOutcome } from './private-months-dialog';
import { LoadFailed, SettingsSection } from './settings-section';

const loadDialog = () => import('./private-months-dialog');
const PrivateMonthsDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.PrivateMonthsDialog })),
);
/** Shown only where the key is not open, so the page loads without it. */
const PrivateMonthsUnlock = lazy(() =>
  import('./private-months-unlock').then((module) => ({ default: module.PrivateMonthsUnlock })),
);

/** What the section says after the dialog closed, and in which colour. */
interface Outcome {
  message: string;
  tone: 'success' | 'neutral' | 'warning';
}

export function PrivateMonthsSection() {
  const t = useTexts('privateMonths', privateMonths);
  const keys = useQuery(accountKeysQueryOptions());
  const here = useAccountKeyState();
  /** The wraps the open dialog works on (null: a first setup); undefined: no dialog. */
  const [dialog, setDialog] = useState<{ keys: AccountKeys | null } | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const open = (current: AccountKeys | null) => {
    setOutcome(null);
    setDialog({ keys: current });
  };

  const closed = (how: DialogOutcome) => {
    const newKey = dialog?.keys != null;
    setDialog(undefined);
    const messages: Record<DialogOutcome, Outcome> = {
      done: { message: newKey ? t.newKeyDone : t.setUpDone, tone: 'success' },
      cancelled: { message: newKey ? t.newKeyCancelled : t.setUpCancelled, tone: 'neutral' },
      'set-up-elsewhere': { message: t.setUpElsewhere, tone: 'warning' },
      'changed-elsewhere': { message: t.changedElsewhere, tone: 'warning' },
    };
    setOutcome(messages[how]);
    // The button that opened the dialog may have changed (set up → new key): focus goes to what
    // happened, which is followed by the section's button.
    setTimeout(() => outcomeRef.current?.focus());
  };

  /** The form that opened the key goes away: focus goes to what happened. */
  const opened = (message: string) => {
    setOutcome({ message, tone: 'success' });
    setTimeout(() => outcomeRef.current?.focus());
  };

  let state: ReactNode;
  if (keys.isPending) state = <Text size="sm">{t.loading}</Text>;
  else if (keys.isError)
    state = (
      <LoadFailed message={t.loadFailed} retryLabel={t.tryAgain} onRetry={() => keys.refetch()} />
    );
  else if (keys.data === null)
    state = (
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          <List.Item>{t.resetWarning}</List.Item>
          <List.Item>{t.lossWarning}</List.Item>
        </List>
        <Group>
          <Button
            variant="default"
            onClick={() => open(null)}
            onPointerEnter={loadDialog}
            onFocus={loadDialog}
          >
            {t.setUp}
          </Button>
        </Group>
      </Stack>
    );
  else {
    const stored = keys.data;
    state = (
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t.isSetUp}
        </Text>
        {here.status === 'checking' && <Text size="sm">{t.loading}</Text>}
        {here.status === 'open' && <Text size="sm">{t.openHere}</Text>}
        {here.status === 'locked' && (
          <Suspense fallback={<Text size="sm">{t.loading}</Text>}>
            <PrivateMonthsUnlock
              keys={stored}
              needsRecoveryKey={here.needsRecoveryKey}
              onOpened={opened}
            />
          </Suspense>
        )}
        <Text size="sm">{t.newKeyWarning}</Text>
        <Group>
          <Button
            variant="default"
            onClick={() => open(stored)}
            onPointerEnter={loadDialog}
            onFocus={loadDialog}
          >
            {t.showNewKey}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <SettingsSection
      title={t.title}
      description={
        <>
          {t.description} {t.howItWorks} {t.notYet}
        </>
      }
    >
      {outcome && (
        <Alert
          ref={outcomeRef}
          tabIndex={-1}
          role="status"
          variant="light"
          color={{ success: 'green', neutral: 'gray', warning: 'yellow' }[outcome.tone]}
        >
          {outcome.message}
        </Alert>
      )}
      {state}
      {dialog && (
        <Suspense fallback={null}>
          <PrivateMonthsDialog keys={dialog.keys} onClose={closed} />
        </Suspense>
      )}
    </SettingsSection>
  );
}
