// The catch-all page (spec §2 '*'), also used for unknown months and malformed ids.
import './app-styles.css';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { app } from '../i18n/en/app';
import { useTexts } from '../i18n/store';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  const t = useTexts('app', app);
  usePageTitle(t.notFoundPageTitle);
  return (
    <Container component="main" size="sm" py={80} ta="center">
      <Title order={1}>{t.notFoundTitle}</Title>
      <Text mt="md" size="lg">
        {t.notFoundBody}
      </Text>
      <Anchor component={Link} to="/" mt="xl" display="inline-block">
        {t.goHome}
      </Anchor>
    </Container>
  );
}
