// The catch-all page ('*', docs/product-rules.md section 2), also used for unknown months and
// malformed ids. Inside the app it keeps the navbar: it renders in the layout's <main> and leads
// back to /months.
import './app-styles.css';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { app } from '../i18n/en/app';
import { useTexts } from '../i18n/store';
import { AppLayout } from './app-shell/app-layout';
import { usePageTitle } from './page-title';

function NotFound({ inApp }: { inApp: boolean }) {
  const t = useTexts('app', app);
  usePageTitle(t.notFoundPageTitle);
  return (
    <Container component={inApp ? 'div' : 'main'} size="sm" py={inApp ? 48 : 80} ta="center">
      <Title order={1}>{t.notFoundTitle}</Title>
      <Text mt="md" size="lg">
        {t.notFoundBody}
      </Text>
      <Anchor component={Link} to={inApp ? '/months' : '/'} mt="xl" display="inline-block">
        {inApp ? t.goToMonths : t.goHome}
      </Anchor>
    </Container>
  );
}

/** On its own, outside the app: the page's only landmark. */
export function NotFoundPage() {
  return <NotFound inApp={false} />;
}

/**
 * The protected route's not-found component: the router renders it in place of that route's
 * layout (an unknown month bubbles up to it), so it brings the layout, navbar included, itself.
 */
export function AppNotFoundPage() {
  return (
    <AppLayout>
      <NotFound inApp />
    </AppLayout>
  );
}
