// One titled block of the settings page, as a bordered card; `danger` marks the irreversible one.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description: ReactNode;
  danger?: boolean;
  children: ReactNode;
}

/** The id of a section's heading, from its title (links to a section use it). */
export function sectionId(title: string): string {
  return `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

export function SettingsSection({
  title,
  description,
  danger = false,
  children,
}: SettingsSectionProps) {
  const id = sectionId(title);
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={danger ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={id} c={danger ? 'red' : undefined}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

interface LoadFailedProps {
  message: string;
  retryLabel: string;
  onRetry: () => unknown;
}

/** What a section shows when its data could not be read: why, said at once, and a way to read it again. */
export function LoadFailed({ message, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <Group gap="sm">
      <Text size="sm" c="red" role="alert">
        {message}
      </Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Group>
  );
}
