// A small confirmation dialog for destructive actions that cannot be undone (loaded lazily: lazy-modals.ts).
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { app } from '../i18n/en/app';
import { useTexts } from '../i18n/store';
import { useOpenedAfterMount } from './use-mounted-once';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal(props: ConfirmModalProps) {
  const t = useTexts('app', app);
  const { opened, title, message, confirmLabel, loading = false, onConfirm, onClose } = props;
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t.cancel}
        </Button>
        {/* Not `loading`, which disables the button: the focused button would drop focus. */}
        <Button
          color="red"
          onClick={() => {
            if (!loading) onConfirm();
          }}
          aria-disabled={loading || undefined}
          leftSection={loading ? <Loader size={14} color="currentColor" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
