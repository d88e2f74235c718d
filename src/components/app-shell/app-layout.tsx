// The app screens' frame: a header with the navbar, a burger-toggled menu on small screens, and main.
import '../app-styles.css';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { app } from '../../i18n/en/app';
import { useTexts } from '../../i18n/store';
import { Brand } from '../brand';
import { SearchButton } from '../search/search-button';
import { SkipLink } from '../skip-link';
import { ConflictDialogHost } from '../sync/conflict-dialog-host';
import { OfflineBanner } from '../sync/offline-banner';
import { TOAST_LIMIT } from '../toast';
import { LazyNotifications } from './lazy-notifications';
import { NavItems } from './nav-items';
import { SyncStatus } from './sync-status';

// QA's cache panel exists only in development builds: production drops this branch and its chunk.
const CachePanel = import.meta.env.DEV
  ? lazy(() => import('../dev/cache-panel').then((module) => ({ default: module.CachePanel })))
  : null;

/**
 * The full navbar (six entries, the language, search as an icon) fits from 900 px, in English and
 * in Portuguese (compact entries below 1,280 px, app-styles.css); below it folds into the burger.
 * Kept in step with the media queries of .mb-nav-wide and .mb-nav-narrow.
 */
export const NAV_BREAKPOINT = '56.25em';

/** Phones: toasts centred at the bottom, across the width; wider screens: bottom right. */
const PHONE_QUERY = '(max-width: 47.99em)';

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useTexts('app', app);
  const [opened, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  // Escape closes the phone menu and gives focus back to its button. A popover open inside the
  // menu (Feedback) takes the key first and marks it handled: one Escape closes one thing.
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape' || event.defaultPrevented) return;
    close();
    burgerRef.current?.focus();
  });
  return (
    <>
      {/* At the bottom, where they cover none of the header's controls; three at most, identical
          ones merged (toast.ts). */}
      <LazyNotifications position={phone ? 'bottom-center' : 'bottom-right'} limit={TOAST_LIMIT} />
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: 280,
          breakpoint: NAV_BREAKPOINT,
          collapsed: { mobile: !opened, desktop: true },
        }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Brand to="/months" />
            <Group component="nav" aria-label={t.mainNav} className="mb-nav-wide" wrap="nowrap">
              <NavItems />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <SyncStatus />
              <SearchButton />
              <Burger
                ref={burgerRef}
                opened={opened}
                onClick={toggle}
                className="mb-nav-narrow"
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
          <AppShell.Navbar id="app-menu" p="md" aria-label={t.menu} className="mb-nav-narrow">
            <NavItems vertical onNavigate={close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main-content" tabIndex={-1}>
          <OfflineBanner />
          {children}
        </AppShell.Main>
      </AppShell>
      {/* Unit tests run as a development build too; there the panel would add noise to every screen. */}
      <ConflictDialogHost />
      {CachePanel && import.meta.env.MODE !== 'test' && (
        <Suspense fallback={null}>
          <CachePanel />
        </Suspense>
      )}
    </>
  );
}
