// Shown when a screen's data could not be loaded: says so plainly and offers a retry.
import './app-styles.css';
import { Button, Container, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Container component="main" size="sm" py={80} ta="center">
      <Title order={1}>Something went wrong</Title>
      <Text mt="md">
        {error instanceof Error ? error.message : 'The page could not be loaded.'}
      </Text>
      <Button
        mt="xl"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Container>
  );
}
