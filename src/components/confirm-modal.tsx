// A small confirmation dialog for destructive actions that cannot be undone.
import { Button, Group, Modal, Text } from '@mantine/core';
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
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
