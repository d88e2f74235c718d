// Development-only QA panel: save the query cache as JSON, load a saved state back, or clear it.
import { Affix, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  parseCacheSnapshot,
  replayCacheSnapshot,
  saveCacheSnapshot,
} from '../../queries/cache-snapshot';
import { downloadJson, snapshotFileName } from './download-json';

const PANEL_ID = 'qa-cache-panel';

export function CachePanel() {
  const queryClient = useQueryClient();
  const [opened, { toggle }] = useDisclosure(false);
  const [status, setStatus] = useState('');
  const resetFile = useRef<() => void>(null);

  const save = () => {
    const snapshot = saveCacheSnapshot(queryClient);
    downloadJson(snapshot, snapshotFileName());
    setStatus(`Saved ${snapshot.state.queries.length} queries.`);
  };

  const load = async (file: File | null) => {
    if (!file) return;
    try {
      const snapshot = parseCacheSnapshot(await file.text());
      // No query is invalidated: the screen shows the loaded state instead of refetching it.
      replayCacheSnapshot(queryClient, snapshot);
      setStatus(`Loaded ${snapshot.state.queries.length} queries from ${file.name}.`);
    } catch (error) {
      setStatus(`Could not load ${file.name}: ${error instanceof Error ? error.message : error}`);
    } finally {
      // Picking the same file again must load it again.
      resetFile.current?.();
    }
  };

  const clear = () => {
    queryClient.clear();
    setStatus('Cache cleared. Screens fetch again when they next load.');
  };

  return (
    <Affix position={{ bottom: 12, left: 12 }} zIndex={400}>
      <aside aria-label="QA cache tools">
        <Stack gap={6} align="flex-start">
          {opened && (
            <Paper id={PANEL_ID} withBorder shadow="md" p="sm" radius="md" maw={340}>
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Query cache (development only)
                </Text>
                <Group gap="xs">
                  <Button size="xs" onClick={save}>
                    Save cache
                  </Button>
                  <FileButton
                    onChange={(file) => void load(file)}
                    accept="application/json,.json"
                    resetRef={resetFile}
                    inputProps={{ 'aria-label': 'Cache file to load' }}
                  >
                    {(props) => (
                      <Button size="xs" variant="light" {...props}>
                        Load cache
                      </Button>
                    )}
                  </FileButton>
                  <Button size="xs" variant="light" color="red" onClick={clear}>
                    Clear cache
                  </Button>
                </Group>
                <Text size="xs" role="status" aria-live="polite">
                  {status}
                </Text>
              </Stack>
            </Paper>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={toggle}
            aria-expanded={opened}
            aria-controls={opened ? PANEL_ID : undefined}
          >
            {opened ? 'Hide cache tools' : 'Cache tools'}
          </Button>
        </Stack>
      </aside>
    </Affix>
  );
}
