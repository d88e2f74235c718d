// Logout (/logout, docs/product-rules.md section 2): clears local storage (and the cached data),
// then goes to /. With changes not yet on the server, in this tab or another, it asks first: sync,
// log out anyway, or stay.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { useTexts } from '../i18n/store';
import { OFFLINE_TEXTS } from '../offline/texts';
import { useLogout } from '../queries/auth';

export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});

/**
 * The writes not yet on the server: this tab's (src/offline/sync.ts, counted without loading that
 * module), or all those saved on the device by every tab when they are more. Null until read.
 */
function useUnsyncedCount(): number | null {
  const here = useMutationState({
    filters: {
      mutationKey: ['write'],
      predicate: (mutation) =>
        mutation.state.status === 'pending' || mutation.state.status === 'error',
    },
  }).length;
  const [onDevice, setOnDevice] = useState<number | null>(null);
  useEffect(() => {
    import('../offline/query-persistence')
      .then((persistence) => persistence.unsentWritesOnDevice())
      .then(setOnDevice, () => setOnDevice(0));
  }, []);
  return onDevice === null ? null : Math.max(here, onDevice);
}

function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const started = useRef(false);
  const unsynced = useUnsyncedCount();
  // Asked once, when the page opens with changes waiting; 'Log out anyway' goes on.
  const [confirmed, setConfirmed] = useState(false);
  const asked = useRef(false);
  const t = useTexts('offline', OFFLINE_TEXTS);
  useEffect(() => {
    if (unsynced === null || asked.current) return;
    asked.current = true;
    if (unsynced === 0) setConfirmed(true);
  }, [unsynced]);
  useEffect(() => {
    // Once, even under StrictMode's double effects.
    if (!confirmed || started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/', replace: true }) });
  }, [confirmed, logout, navigate]);
  if (confirmed || unsynced === null) return <LoadingScreen />;
  return (
    <Stack maw={480} mx="auto" mt="xl" p="md">
      <Paper withBorder p="lg" radius="md" role="alertdialog" aria-labelledby="logout-unsynced">
        <Title order={1} size="h3" id="logout-unsynced" mb="sm">
          {t.logoutTitle}
        </Title>
        <Text mb="md">{t.logoutBody(unsynced)}</Text>
        <Group gap="sm">
          <Button
            onClick={() => {
              void import('../offline/sync').then(({ retryFailedWrites }) =>
                retryFailedWrites(queryClient),
              );
              void navigate({ to: '/months' });
            }}
          >
            {t.syncFirst}
          </Button>
          <Button variant="default" color="red" onClick={() => setConfirmed(true)}>
            {t.logoutAnyway}
          </Button>
          <Button variant="subtle" onClick={() => void navigate({ to: '/months' })}>
            {t.cancel}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
