// The app screens' frame: a header with the navbar, a burger-toggled menu on small screens, and main.
import '../app-styles.css';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense } from 'react';
import { Brand } from '../brand';
import { SkipLink } from '../skip-link';
import { NavItems } from './nav-items';

// QA's cache panel exists only in development builds: production drops this branch and its chunk.
const CachePanel = import.meta.env.DEV
  ? lazy(() => import('../dev/cache-panel').then((module) => ({ default: module.CachePanel })))
  : null;

export function AppLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Notifications position="top-right" />
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Brand to="/months" />
            <Group component="nav" aria-label="Main" visibleFrom="sm">
              <NavItems />
            </Group>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="app-menu"
            />
          </Group>
        </AppShell.Header>
        {/* Rendered only while open, so a hidden menu never holds keyboard focus. */}
        {opened && (
          <AppShell.Navbar id="app-menu" p="md" aria-label="Menu" hiddenFrom="sm">
            <NavItems vertical onNavigate={close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main-content" tabIndex={-1}>
          {children}
        </AppShell.Main>
      </AppShell>
      {/* Unit tests run as a development build too; there the panel would add noise to every screen. */}
      {CachePanel && import.meta.env.MODE !== 'test' && (
        <Suspense fallback={null}>
          <CachePanel />
        </Suspense>
      )}
    </>
  );
}
