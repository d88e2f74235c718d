// Settings: change the password; the form (and its password inputs) loads when the user opens it.
import { Button, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';
import { SettingsSection } from './settings-section';

const loadPasswordForm = () => import('./password-form');
const PasswordForm = lazy(() =>
  loadPasswordForm().then((module) => ({ default: module.PasswordForm })),
);

export function PasswordSection() {
  const t = useTexts('settings', settings);
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection title={t.passwordTitle} description={t.passwordDescription}>
      {open ? (
        <Suspense fallback={<Text size="sm">{t.loading}</Text>}>
          <PasswordForm />
        </Suspense>
      ) : (
        <Group>
          <Button
            variant="default"
            onClick={() => setOpen(true)}
            onPointerEnter={loadPasswordForm}
            onFocus={loadPasswordForm}
          >
            {t.openPasswordForm}
          </Button>
        </Group>
      )}
    </SettingsSection>
  );
}
