// Shown when a screen's data could not be loaded: says what happened plainly and offers a retry.
// Inside the app it renders in the layout's <main>, so it adds none of its own.
import './app-styles.css';
import { Button, Container, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { app } from '../i18n/en/app';
import { translateMessage, useTexts } from '../i18n/store';
import { isBrowserOffline, isOfflineError } from '../offline-error';
import { useInAppFrame } from './route-frame';

/** fetch's own failure (no answer at all), as opposed to an answer with an error status. */
const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError && /fetch|network|load failed/i.test(error.message);

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useTexts('app', app);
  const router = useRouter();
  const inAppFrame = useInAppFrame();
  // An offline miss (data or code never saved on this device) is no malfunction: it is said so.
  const offline = isOfflineError(error) || isBrowserOffline();
  let title = t.errorTitle;
  let message = error instanceof Error ? translateMessage(error.message) : t.errorFallback;
  if (offline) {
    title = t.offlineTitle;
    if (!isOfflineError(error)) message = t.offlineBody;
  } else if (isNetworkFailure(error)) {
    message = t.unreachable;
  }
  return (
    <Container component={inAppFrame ? 'div' : 'main'} size="sm" py={80} ta="center">
      <Title order={1}>{title}</Title>
      <Text mt="md">{message}</Text>
      <Button
        mt="xl"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t.tryAgain}
      </Button>
    </Container>
  );
}
