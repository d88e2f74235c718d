// Settings (/settings, docs/product-rules.md section 2): 'settings page' under the heading; export,
// import, recently deleted, email, reminders, password, private months, delete account.
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '../../components/page-title';
import { DeleteAccountSection } from '../../components/settings/delete-account-section';
import { ExportSection } from '../../components/settings/export-section';
import { PasswordSection } from '../../components/settings/password-section';
import { app } from '../../i18n/en/app';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';

// The heavier sections load as the page renders: their forms, file input, bin and dialogs stay out
// of the page's first load (the bundle budget); the sections after them wait too, so none jumps.
const ImportSection = lazy(() =>
  import('../../components/settings/import-section').then((m) => ({ default: m.ImportSection })),
);
const TrashSection = lazy(() =>
  import('../../components/settings/trash-section').then((m) => ({ default: m.TrashSection })),
);
const EmailSection = lazy(() =>
  import('../../components/settings/email-section').then((m) => ({ default: m.EmailSection })),
);
const PrivateMonthsSection = lazy(() =>
  import('../../components/settings/private-months-section').then((m) => ({
    default: m.PrivateMonthsSection,
  })),
);
const RemindersSection = lazy(() =>
  import('../../components/settings/reminders-section').then((m) => ({
    default: m.RemindersSection,
  })),
);

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
      <Suspense fallback={<Text size="sm">{t.loading}</Text>}>
        <ImportSection />
        <TrashSection />
        <EmailSection />
        <RemindersSection />
        <PasswordSection />
        <PrivateMonthsSection />
        <DeleteAccountSection />
      </Suspense>
    </Stack>
  );
}
