// The Edit month dialog's word on privacy: making the month private (after saying what that means) or plain again (after asking), or why it cannot be done here yet.
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Month } from '../../../contract/entities';
import { monthPrivacy } from '../../i18n/en/month-privacy';
import { useTexts } from '../../i18n/store';
import { useOnline } from '../../offline/online-status';
import { useAccountKeyState } from '../../queries/account-key-session';
import { accountKeysQueryOptions } from '../../queries/account-keys';
import { MonthNotOpen, useMakeMonthPlain, useMakeMonthPrivate } from '../../queries/month-sealing';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';

export function MonthPrivacySection({ month }: { month: Month }) {
  const t = useTexts('monthPrivacy', monthPrivacy);
  const keyState = useAccountKeyState();
  const online = useOnline();
  const makePrivate = useMakeMonthPrivate();
  const makePlain = useMakeMonthPlain();
  const lock = useSubmitLock();
  // The dialog's month is as it was opened: changed here, it says so at once.
  const [isPrivate, setPrivate] = useState(month.month_key != null);
  const [asking, setAsking] = useState(false);
  const [notOpen, setNotOpen] = useState(false);
  const keys = useQuery({ ...accountKeysQueryOptions(), enabled: !isPrivate });

  const settingsLink = (
    <Anchor component={Link} to="/settings" size="sm">
      {t.openSettings}
    </Anchor>
  );
  // A double click changes it once: the lock holds from the first click, before a render.
  const run = (change: () => Promise<unknown>, done: string, failed: string, next: boolean) =>
    lock.run(() =>
      change().then(
        () => {
          setPrivate(next);
          setAsking(false);
          notifySuccess(done);
        },
        (error: unknown) => {
          if (error instanceof MonthNotOpen) setNotOpen(true);
          else notifyFailure(failed, error);
        },
      ),
    );
  const offline = !online && (
    <Text size="sm" c="dimmed" role="status">
      {t.offline}
    </Text>
  );

  let body: React.ReactNode;
  if (isPrivate) {
    body = (
      <>
        <Text size="sm">{t.isPrivate}</Text>
        {keyState.status === 'open' && !asking && (
          <Button variant="subtle" onClick={() => setAsking(true)}>
            {t.makePlain}
          </Button>
        )}
        {asking && (
          <Alert color="yellow" variant="light" p="xs" role="alertdialog" aria-label={t.makePlain}>
            <Text size="sm">{t.makePlainWarning}</Text>
            {notOpen && (
              <Text size="sm" c="red" role="status">
                {t.notOpenHere}
              </Text>
            )}
            {offline}
            <Group gap="xs" mt="xs">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t.keepPrivate}
              </Button>
              <Button
                color="yellow"
                loading={makePlain.isPending}
                disabled={!online}
                onClick={() =>
                  run(() => makePlain.mutateAsync(month), t.madePlain, t.plainFailed, false)
                }
              >
                {t.confirmPlain}
              </Button>
            </Group>
          </Alert>
        )}
      </>
    );
  } else if (keys.isPending || keyState.status === 'checking') body = null;
  else if (keys.data === null || keys.isError)
    body = (
      <Text size="sm">
        {t.notSetUp} {settingsLink}
      </Text>
    );
  else if (keyState.status === 'locked')
    body = (
      <Text size="sm">
        {t.lockedHere} {settingsLink}
      </Text>
    );
  else
    body = (
      <>
        <Text size="sm">{t.makePrivateIntro}</Text>
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t.resetWarning}</Text>
        </Alert>
        {offline}
        <Button
          variant="default"
          loading={makePrivate.isPending}
          disabled={!online}
          onClick={() => run(() => makePrivate.mutateAsync(month), t.madePrivate, t.failed, true)}
        >
          {t.makePrivate}
        </Button>
      </>
    );
  if (body === null) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="month-privacy-title">
      <Title order={3} size="sm" id="month-privacy-title">
        {t.title}
      </Title>
      {body}
    </Stack>
  );
}
