// The spec's 'Loading...' state, shown while the auth check or a screen's data is on its way.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { TEXTS } from '../texts';

export function LoadingScreen() {
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{TEXTS.loading}</Text>
      </Stack>
    </Center>
  );
}
