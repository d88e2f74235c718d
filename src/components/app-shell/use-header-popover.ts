// A header button's panel (the feedback form, the list of changes waiting to sync): open and closed
// by the button, closed by a click outside or Escape (focus back on the button).
import { useClickOutside } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';

export function useHeaderPopover() {
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpened(false));
  // On the document, so it runs before the window's listeners: the phone menu around these
  // (app-layout.tsx) also closes on Escape, and skips a key a popover has handled.
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      setOpened(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  return {
    opened,
    close: () => setOpened(false),
    toggle: () => setOpened((open) => !open),
    panelId,
    buttonRef,
    rootRef,
  };
}
