// Shown when a screen's data could not be loaded: says so plainly and offers a retry.
import './app-styles.css';
import { Button, Container, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { app } from '../i18n/en/app';
import { translateMessage, useTexts } from '../i18n/store';

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useTexts('app', app);
  const router = useRouter();
  return (
    <Container component="main" size="sm" py={80} ta="center">
      <Title order={1}>{t.errorTitle}</Title>
      <Text mt="md">
        {error instanceof Error ? translateMessage(error.message) : t.errorFallback}
      </Text>
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
