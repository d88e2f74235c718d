// Logout (spec §2 /logout): clears local storage (and the cached data), then goes to /.
// With changes not yet on the server (issue 16), it asks first: sync, log out anyway, or stay.
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

/** The writes not yet on the server (src/offline/sync.ts), counted without loading that module. */
function useUnsyncedCount(): number {
  return useMutationState({
    filters: {
      mutationKey: ['write'],
      predicate: (mutation) =>
        mutation.state.status === 'pending' || mutation.state.status === 'error',
    },
  }).length;
}

function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const started = useRef(false);
  const unsynced = useUnsyncedCount();
  // Asked once, when the page opens with changes waiting; 'Log out anyway' goes on.
  const [confirmed, setConfirmed] = useState(() => unsynced === 0);
  const t = useTexts('offline', OFFLINE_TEXTS);
  useEffect(() => {
    // Once, even under StrictMode's double effects.
    if (!confirmed || started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/', replace: true }) });
  }, [confirmed, logout, navigate]);
  if (confirmed) return <LoadingScreen />;
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
