// Frame of the login and register pages: the wordmark and the language switch, a centred card with the page's h1, a footer.
import '../app-styles.css';
import { Box, Container, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { LanguageSwitch } from '../language-switch';
import { usePageTitle } from '../page-title';
import { SiteFooter } from '../site-footer';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <>
      <Box
        component="header"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg" py="sm">
          {/* Here rather than in the shared footer: the landing page's budget has no room for it. */}
          <Group justify="space-between" wrap="nowrap">
            <Brand />
            <LanguageSwitch />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={440} py={{ base: 32, sm: 64 }}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <Title order={1} size="h2" mb="lg">
            {title}
          </Title>
          {children}
        </Paper>
      </Container>
      <SiteFooter />
    </>
  );
}
