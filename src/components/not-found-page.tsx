// The catch-all page (spec §2 '*'), also used for unknown months and malformed ids.
import './app-styles.css';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TEXTS } from '../texts';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container component="main" size="sm" py={80} ta="center">
      <Title order={1}>{TEXTS.notFoundTitle}</Title>
      <Text mt="md" size="lg">
        {TEXTS.notFoundBody}
      </Text>
      <Anchor component={Link} to="/" mt="xl" display="inline-block">
        Go to the home page
      </Anchor>
    </Container>
  );
}
