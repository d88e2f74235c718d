// The Edit month dialog's word on privacy: that the month is private, or the way to make it so (with what that means first), or why it cannot be made so here yet.
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Month } from '../../../contract/entities';
import { monthPrivacy } from '../../i18n/en/month-privacy';
import { useTexts } from '../../i18n/store';
import { useOnline } from '../../offline/online-status';
import { useAccountKeyState } from '../../queries/account-key-session';
import { accountKeysQueryOptions } from '../../queries/account-keys';
import { useMakeMonthPrivate } from '../../queries/month-sealing';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';

export function MonthPrivacySection({ month }: { month: Month }) {
  const t = useTexts('monthPrivacy', monthPrivacy);
  const keyState = useAccountKeyState();
  const online = useOnline();
  const makePrivate = useMakeMonthPrivate();
  const lock = useSubmitLock();
  // The dialog's month is as it was opened: made private here, it says so at once.
  const isPrivate = month.month_key != null || makePrivate.isSuccess;
  const keys = useQuery({ ...accountKeysQueryOptions(), enabled: !isPrivate });

  const settingsLink = (
    <Anchor component={Link} to="/settings" size="sm">
      {t.openSettings}
    </Anchor>
  );
  let body: React.ReactNode;
  if (isPrivate) body = <Text size="sm">{t.isPrivate}</Text>;
  else if (keys.isPending || keyState.status === 'checking') body = null;
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
        {!online && (
          <Text size="sm" c="dimmed" role="status">
            {t.offline}
          </Text>
        )}
        <Button
          variant="default"
          loading={makePrivate.isPending}
          disabled={!online}
          // A double click makes one key: the lock holds from the first click, before a render.
          onClick={() =>
            lock.run(() =>
              makePrivate.mutateAsync(month).then(
                () => notifySuccess(t.madePrivate),
                (error: unknown) => notifyFailure(t.failed, error),
              ),
            )
          }
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
