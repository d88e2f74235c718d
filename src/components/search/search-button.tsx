// The app header's search entry: one button (its label hidden on small screens), '/' or Ctrl+K, opening the search dialog.
import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { SEARCH_TEXTS } from '../../i18n/en/search';
import { useTexts } from '../../i18n/store';
import { SearchIcon } from '../icons';
import { useMountedOnce } from '../use-mounted-once';

// The dialog and its query code load on first use (or on hover/focus of the button).
const loadSearchModal = () => import('./search-modal');
const SearchModal = lazy(() => loadSearchModal().then((m) => ({ default: m.SearchModal })));

/** '/' or Ctrl/⌘+K, unless the user is typing somewhere ('/' is a character there). */
function isSearchShortcut(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const typing =
    target !== null &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export function SearchButton() {
  const t = useTexts('search', SEARCH_TEXTS);
  const [opened, { open, close }] = useDisclosure(false);
  const mounted = useMountedOnce(opened);
  // A hand-written listener rather than Mantine's useHotkeys: every app screen loads this button.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <Button
        variant="default"
        px={10}
        aria-label={t.open}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K"
        onPointerEnter={loadSearchModal}
        onFocus={loadSearchModal}
        onClick={open}
      >
        <SearchIcon size={16} />
        <Box component="span" visibleFrom="lg" ml={8}>
          {t.button}
          <Box
            component="kbd"
            ml={10}
            px={5}
            fz="xs"
            c="dimmed"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          >
            /
          </Box>
        </Box>
      </Button>
      <Suspense fallback={null}>
        {mounted && <SearchModal opened={opened} onClose={close} />}
      </Suspense>
    </>
  );
}
