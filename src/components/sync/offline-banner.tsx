// The app shell's offline notice: says the screens show saved data and that changes cannot be saved.
import { Group, Paper, Text } from '@mantine/core';
import { useTexts } from '../../i18n/store';
import { useOnline } from '../../offline/online-status';
import { OFFLINE_TEXTS } from '../../offline/texts';
import { Icon } from '../icons';

function CloudOffIcon() {
  return (
    // Full size beside text that wraps on a phone.
    <Icon size={20} style={{ flexShrink: 0 }}>
      <path d="M3 3l18 18M9.6 5.2A6 6 0 0 1 17.7 10H18a4 4 0 0 1 2.8 6.8M17 18H7a5 5 0 0 1-1.9-9.6" />
    </Icon>
  );
}

/**
 * The live region is always there, so screen readers announce the notice when it appears;
 * only its content comes and goes.
 */
export function OfflineBanner() {
  const online = useOnline();
  const t = useTexts('offline', OFFLINE_TEXTS);
  return (
    <div role="status">
      {!online && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          mb="md"
          bg="var(--mantine-color-yellow-light)"
          c="var(--mantine-color-yellow-light-color)"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <CloudOffIcon />
            <Text size="sm" c="var(--mantine-color-text)">
              <Text span fw={700} inherit>
                {t.bannerTitle}
              </Text>
              {' — '}
              {t.bannerBody}
            </Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
