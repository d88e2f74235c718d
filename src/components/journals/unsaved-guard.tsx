// Asking before unsaved text is thrown away: the question shown inside a modal, and the browser's own prompt on leaving the page.
import { Alert, Button, Group, type MantineSpacing } from '@mantine/core';
import { useEffect, useState } from 'react';
import { app } from '../../i18n/en/app';
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

interface DiscardGuardOptions {
  /** Closing now would throw away what the user typed. */
  unsaved: boolean;
  /** A save is under way (rendered state): leaving the page then does not ask. */
  busy: boolean;
  /** Whether a save is under way this instant (a second click in the same task sees it). */
  isBusy: () => boolean;
  /** Closes the modal for good, edits and all. */
  onClose: () => void;
}

/**
 * A form modal's closing: the overlay, Escape, the × and Close go through `requestClose`, which
 * asks first when there are edits (and, while the question shows, means "keep editing"); a save
 * under way is never closed on. Leaving the page with edits asks too.
 */
export function useDiscardGuard({ unsaved, busy, isBusy, onClose }: DiscardGuardOptions) {
  const [asking, setAsking] = useState(false);
  useLeavePagePrompt(unsaved && !busy);
  const keepEditing = () => setAsking(false);
  const close = () => {
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    if (isBusy()) return;
    if (asking) setAsking(false);
    else if (unsaved) setAsking(true);
    else close();
  };
  return {
    /** Closes without asking (after a save, or once the user chose to discard). */
    close,
    requestClose,
    keepEditing,
    /** For FormActions: the buttons, or the question in their place. */
    actions: { asking, onKeep: keepEditing, onDiscard: close, onClose: requestClose },
  };
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

interface FormActionsProps {
  /** Closing would lose edits: the discard question stands in place of the buttons. */
  asking: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  onClose: () => void;
  busy: boolean;
  mt?: MantineSpacing;
}

/** A form modal's last row: Close and Save, or the question whether to discard the edits. */
export function FormActions({ asking, onKeep, onDiscard, onClose, busy, mt }: FormActionsProps) {
  const words = useTexts('app', app);
  if (asking) return <DiscardQuestion onKeep={onKeep} onDiscard={onDiscard} />;
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onClose}>
        {words.close}
      </Button>
      {/* aria-disabled, not disabled: the pressed button keeps keyboard focus meanwhile. */}
      <Button type="submit" aria-disabled={busy || undefined} data-disabled={busy || undefined}>
        {words.save}
      </Button>
    </Group>
  );
}
