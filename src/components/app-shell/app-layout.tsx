// The app screens' frame: a header with the navbar, a burger-toggled menu on small screens, and main.
import '../app-styles.css';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense } from 'react';
import { app } from '../../i18n/en/app';
import { useTexts } from '../../i18n/store';
import { OfflineBanner } from '../../offline/offline-banner';
import { Brand } from '../brand';
import { SearchButton } from '../search/search-button';
import { SkipLink } from '../skip-link';
import { NavItems } from './nav-items';

// QA's cache panel exists only in development builds: production drops this branch and its chunk.
const CachePanel = import.meta.env.DEV
  ? lazy(() => import('../dev/cache-panel').then((module) => ({ default: module.CachePanel })))
  : null;

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useTexts('app', app);
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Notifications position="top-right" />
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: true } }}
        padding="md"
      >
        {/* The full navbar (seven entries, the language, search) needs about 1,110 px: below Mantine's
            lg breakpoint (1,200 px) it folds into the burger menu rather than overflowing. */}
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Brand to="/months" />
            <Group component="nav" aria-label={t.mainNav} visibleFrom="lg">
              <NavItems />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <SearchButton />
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="lg"
                size="sm"
                aria-label={opened ? t.closeMenu : t.openMenu}
                aria-expanded={opened}
                aria-controls="app-menu"
              />
            </Group>
          </Group>
        </AppShell.Header>
        {/* Rendered only while open, so a hidden menu never holds keyboard focus. */}
        {opened && (
          <AppShell.Navbar id="app-menu" p="md" aria-label={t.menu} hiddenFrom="lg">
            <NavItems vertical onNavigate={close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main-content" tabIndex={-1}>
          <OfflineBanner />
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
