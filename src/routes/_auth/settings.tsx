// Settings (spec §2 /settings): a placeholder with the navbar and the text 'settings page'.
import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '../../components/page-title';
import { TEXTS } from '../../texts';

export const Route = createFileRoute('/_auth/settings')({
  component: SettingsPage,
});

function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Title order={1} size="h3">
      {TEXTS.settingsPage}
    </Title>
  );
}
