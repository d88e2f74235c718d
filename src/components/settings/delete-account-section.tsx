// Settings: delete the account; its confirmation dialog loads on first use (or on hover/focus of the button).
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';
import { useMountedOnce } from '../use-mounted-once';
import { SettingsSection } from './settings-section';

const loadDeleteAccountModal = () => import('./delete-account-modal');
const DeleteAccountModal = lazy(() =>
  loadDeleteAccountModal().then((module) => ({ default: module.DeleteAccountModal })),
);

export function DeleteAccountSection() {
  const t = useTexts('settings', settings);
  const [opened, { open, close }] = useDisclosure(false);
  const mounted = useMountedOnce(opened);
  return (
    <SettingsSection title={t.deleteTitle} danger description={t.deleteDescription}>
      <Group>
        <Button
          color="red"
          variant="outline"
          onClick={open}
          onPointerEnter={loadDeleteAccountModal}
          onFocus={loadDeleteAccountModal}
        >
          {t.openDeleteDialog}
        </Button>
      </Group>
      <Suspense fallback={null}>
        {mounted && <DeleteAccountModal opened={opened} onClose={close} />}
      </Suspense>
    </SettingsSection>
  );
}
