// /unsubscribe?token=…&kind=…: the browser side of a reminder email's unsubscribe link; works signed out. Asks first, so a
// mail scanner that opens links cannot unsubscribe anyone; the button POSTs what a one-click mail client would.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MailKind } from '../../contract/reminder-rules';
import { AuthCard } from '../components/auth/auth-card';
import { failureBody, firstMessage } from '../components/auth/auth-failure';
import { reminders } from '../i18n/en/reminders';
import { translateMessage, useTexts } from '../i18n/store';
import { errorStatus } from '../queries/errors';
import { useUnsubscribeMail } from '../queries/reminders';

interface UnsubscribeSearch {
  token?: string;
  /** Only for the words: which mail the link came in. The server decides by the token. */
  kind?: MailKind;
}

/**
 * contract/reminder-rules.ts's MAIL_KINDS as a record (the compiler asks for any kind added there):
 * this check runs in the route tree every page loads, and importing the list would bring the
 * module's other rules and messages along.
 */
const KNOWN_KINDS: Record<MailKind, true> = { reminder: true, digest: true };

export const Route = createFileRoute('/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): UnsubscribeSearch => {
    const token = typeof search.token === 'string' ? search.token : '';
    const kind = Object.keys(KNOWN_KINDS).find((known): known is MailKind => known === search.kind);
    return {
      ...(token !== '' && token.length <= 500 ? { token } : {}),
      ...(kind ? { kind } : {}),
    };
  },
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const t = useTexts('reminders', reminders);
  const { token, kind } = Route.useSearch();
  const unsubscribe = useUnsubscribeMail();
  /** A refused link (400): the server's words, and no second try. */
  const [refused, setRefused] = useState<string | null>(null);

  const send = () => {
    if (!token || unsubscribe.isPending) return;
    unsubscribe.mutate(token, {
      onError: async (error) => {
        console.error('Unsubscribe failed', error);
        if (errorStatus(error) !== 400) return;
        const detail = firstMessage(await failureBody(error), 'detail');
        setRefused(detail ? translateMessage(detail) : t.unsubscribeIncomplete);
      },
    });
  };

  let intro = t.unsubscribeAny;
  if (kind === 'reminder') intro = t.unsubscribeReminder;
  else if (kind === 'digest') intro = t.unsubscribeDigest;

  let outcome = null;
  if (!token)
    outcome = (
      <Alert color="red" variant="light" role="alert">
        {t.unsubscribeIncomplete}
      </Alert>
    );
  else if (unsubscribe.isSuccess)
    outcome = (
      <Alert color="teal" variant="light" role="status">
        {translateMessage(unsubscribe.data.detail)}
      </Alert>
    );
  else if (refused)
    outcome = (
      <Alert color="red" variant="light" role="alert">
        {refused}
      </Alert>
    );
  else if (unsubscribe.isError)
    outcome = (
      <Alert color="red" variant="light" role="alert">
        {t.unsubscribeFailed}
      </Alert>
    );
  const canSend = Boolean(token) && !unsubscribe.isSuccess && refused === null;

  return (
    <AuthCard title={t.unsubscribeTitle}>
      <Stack gap="md">
        {!unsubscribe.isSuccess && <Text>{intro}</Text>}
        {outcome}
        {canSend && (
          <Button
            fullWidth
            onClick={send}
            aria-disabled={unsubscribe.isPending || undefined}
            leftSection={
              unsubscribe.isPending ? <Loader size={14} color="currentColor" /> : undefined
            }
          >
            {t.unsubscribeButton}
          </Button>
        )}
        <Button component={Link} to="/settings" fullWidth variant={canSend ? 'default' : 'filled'}>
          {t.openSettings}
        </Button>
      </Stack>
    </AuthCard>
  );
}
