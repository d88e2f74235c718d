// Asking before unsaved text is thrown away: the question shown inside a modal, and the browser's own prompt on leaving the page.
import { Alert, Button, Group } from '@mantine/core';
import { useEffect } from 'react';
import { journals } from '../../i18n/en/journals';
import { useTexts } from '../../i18n/store';

/** While `active`, closing or reloading the tab asks first (the browser words the question). */
export function useLeavePagePrompt(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 and Safari need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

interface DiscardQuestionProps {
  onKeep: () => void;
  onDiscard: () => void;
}

/**
 * Shown in place of the modal's buttons, not as a second modal: Escape and the overlay then keep
 * meaning "back to the form" instead of reaching two modals at once.
 */
/** The question needs an answer: focus goes to the safe one as it shows. */
const focusOnMount = (button: HTMLButtonElement | null) => button?.focus();

export function DiscardQuestion({ onKeep, onDiscard }: DiscardQuestionProps) {
  const t = useTexts('journals', journals);
  return (
    <Alert
      color="yellow"
      title={t.unsavedTitle}
      role="alertdialog"
      aria-label={t.unsavedTitle}
      // The theme's yellow title on its light yellow is too faint to read (contrast below 4.5:1).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {t.unsavedBody}
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button variant="default" onClick={onKeep} ref={focusOnMount}>
          {t.keepEditing}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {t.discard}
        </Button>
      </Group>
    </Alert>
  );
}
