// A small confirmation dialog for destructive actions that cannot be undone.
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { app } from '../i18n/en/app';
import { useTexts } from '../i18n/store';

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
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
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
