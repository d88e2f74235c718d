// /confirm-email#token=…: opens the confirmation link from the email; works signed out and in another browser.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '../components/auth/auth-card';
import { failureBody, firstMessage } from '../components/auth/auth-failure';
import { recovery } from '../i18n/en/recovery';
import { translateMessage, useTexts } from '../i18n/store';
import { linkToken, useConfirmEmail } from '../queries/recovery';

export const Route = createFileRoute('/confirm-email')({
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  const t = useTexts('recovery', recovery);
  const token = linkToken(useLocation({ select: (location) => location.hash }));
  const confirm = useConfirmEmail();
  const asked = useRef(false);
  const [failure, setFailure] = useState<string>(t.confirmFailed);

  const send = (value: string) =>
    confirm.mutate(value, {
      onError: async (error) => {
        console.error('Email confirmation failed', error);
        const detail = firstMessage(await failureBody(error), 'detail');
        setFailure(detail ? translateMessage(detail) : t.confirmFailed);
      },
    });

  // Once per page: a link is single use, so a second POST (Strict Mode, re-render) would fail.
  useEffect(() => {
    if (token === null || asked.current) return;
    asked.current = true;
    send(token);
  });

  const missing = token === null ? t.linkIncomplete : null;
  const shownFailure = missing ?? (confirm.isError ? failure : null);
  return (
    <AuthCard title={t.confirmTitle}>
      <Stack gap="md">
        {confirm.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            {t.confirmed(confirm.data.email)}
          </Alert>
        ) : shownFailure ? (
          <Alert color="red" variant="light" role="alert">
            {shownFailure}
          </Alert>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t.confirming}</Text>
          </Group>
        )}
        {(confirm.isSuccess || shownFailure) && (
          <Button component={Link} to="/settings" fullWidth>
            {t.openSettings}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
