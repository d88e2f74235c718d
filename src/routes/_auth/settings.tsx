// Settings (spec §2 /settings, issue 6): 'settings page' under the heading; export, import, recently deleted, password, delete account.
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '../../components/page-title';
import { DeleteAccountSection } from '../../components/settings/delete-account-section';
import { EmailSection } from '../../components/settings/email-section';
import { ExportSection } from '../../components/settings/export-section';
import { ImportSection } from '../../components/settings/import-section';
import { PasswordSection } from '../../components/settings/password-section';
import { TrashSection } from '../../components/settings/trash-section';
import { app } from '../../i18n/en/app';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';

export const Route = createFileRoute('/_auth/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  const title = useTexts('app', app).settings;
  const t = useTexts('settings', settings);
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t.settingsPage}</Text>
      </div>
      <ExportSection />
      <ImportSection />
      <TrashSection />
      <EmailSection />
      <PasswordSection />
      <DeleteAccountSection />
    </Stack>
  );
}
