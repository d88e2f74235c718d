// The navbar's sync status: 'All changes saved', 'N changes waiting to sync' or 'Sync failed —
// retry', opening the list of changes not yet on the server, where a refused one can be retried or
// discarded. A disclosure button and panel, as the Feedback popover (no positioning library on
// every screen).
import { Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { useLocale, useTexts } from '../../i18n/store';
import { useOnline } from '../../offline/online-status';
import {
  type AnyMutation,
  describeSavedWrite,
  describeWrite,
  discardWrite,
  isQueued,
  OTHER_TABS_WRITES_KEY,
  type QueuedChange,
  retryFailedWrites,
  retryWrite,
  type SavedWrite,
} from '../../offline/sync';
import { OFFLINE_TEXTS } from '../../offline/texts';
import { Icon } from '../icons';
import { groupChanges } from './pending-changes';
import { useHeaderPopover } from './use-header-popover';

/** The writes not yet on the server, in the order they were made: this tab's, then other tabs'. */
export function useQueuedChanges(): QueuedChange[] {
  const queryClient = useQueryClient();
  const mine = useMutationState({
    filters: { predicate: isQueued },
    select: (mutation) => describeWrite(queryClient, mutation),
  });
  // Read from the cache without a query observer: nothing is ever fetched for it.
  const others = useSyncExternalStore(
    (changed) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === OTHER_TABS_WRITES_KEY[0]) changed();
      }),
    () => queryClient.getQueryData<SavedWrite[]>(OTHER_TABS_WRITES_KEY),
  );
  return useMemo(
    () =>
      others?.length
        ? [...mine, ...others.map((saved, index) => describeSavedWrite(queryClient, saved, index))]
        : mine,
    [mine, others, queryClient],
  );
}

function CloudIcon({ state }: { state: 'saved' | 'waiting' | 'failed' }) {
  return (
    <Icon style={{ flexShrink: 0 }}>
      <path d="M17.5 19H7a5 5 0 1 1 1.6-9.7A6 6 0 0 1 20 12.5 3.5 3.5 0 0 1 17.5 19z" />
      {state === 'saved' && <path d="M9.5 13.5l2 2 3.5-3.5" />}
      {state === 'waiting' && <path d="M12 11v3l2 1" />}
      {state === 'failed' && <path d="M12 10.5v3M12 16h.01" />}
    </Icon>
  );
}

export function SyncStatus() {
  const t = useTexts('offline', OFFLINE_TEXTS);
  const queryClient = useQueryClient();
  const online = useOnline();
  const changes = useQueuedChanges();
  const locale = useLocale();
  const groups = groupChanges(changes, queryClient, locale, t);
  const { opened, close, toggle, panelId, buttonRef, rootRef } = useHeaderPopover();

  const failed = changes.some((change) => change.state === 'failed' || change.state === 'refused');
  const state = failed ? 'failed' : changes.length > 0 ? 'waiting' : 'saved';
  const label =
    state === 'failed'
      ? t.syncFailed
      : state === 'waiting'
        ? t.waiting(changes.length)
        : t.allSaved;
  /** Runs `action` on each of a row's writes that failed (a row may hold several). */
  const eachFailed = (mutationIds: number[], action: (mutation: AnyMutation) => void) => {
    for (const mutation of queryClient.getMutationCache().getAll())
      if (mutationIds.includes(mutation.mutationId) && mutation.state.status === 'error')
        action(mutation);
  };

  return (
    <div ref={rootRef} style={{ position: 'relative' }} data-sync-state={state}>
      <Button
        ref={buttonRef}
        variant="subtle"
        color={state === 'failed' ? 'red' : 'gray'}
        c={state === 'failed' ? undefined : 'var(--mantine-color-text)'}
        size="sm"
        px={8}
        aria-expanded={opened}
        aria-controls={panelId}
        aria-label={label}
        onClick={toggle}
        // The icon in the label, not a section: alone (icon-only below 1,440 px) it sits centred.
        styles={{ label: { gap: 6 } }}
      >
        <CloudIcon state={state} />
        {/* Below 1,440 px (phones, and the navbar up to wide screens): the icon and the count;
            the label is the button's name either way. */}
        <span className="mb-sync-label" aria-hidden="true">
          {label}
        </span>
        {changes.length > 0 && (
          <span className="mb-sync-count" aria-hidden="true">
            {changes.length}
          </span>
        )}
      </Button>
      {/* Announced when it changes, not only when the button has focus. */}
      <span role="status" className="mb-visually-hidden">
        {state === 'saved' ? '' : label}
      </span>
      <Paper
        id={panelId}
        hidden={!opened}
        display={opened ? undefined : 'none'}
        withBorder
        shadow="md"
        p="md"
        radius="md"
        w={320}
        maw="calc(100vw - 24px)"
        className="mb-sync-panel"
      >
        <Text fw={700} size="sm" mb={4}>
          {changes.length === 0 ? t.allSaved : t.pendingTitle}
        </Text>
        {changes.length > 0 && (
          <>
            <Text size="xs" c="dimmed" mb="sm">
              {t.waitingHint}
            </Text>
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {groups.map((group) => (
                <li key={group.key}>
                  {/* The buttons go below the words when both do not fit beside them: a refusal's
                      reason can run to two sentences. */}
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0, flex: '1 1 160px' }}>
                      <Text size="sm">
                        <Text span fw={600} inherit>
                          {group.title}
                        </Text>
                        {group.actions.length > 0 && `: ${group.actions.join(', ')}`}
                      </Text>
                      <Text size="xs" c={group.state === 'refused' ? 'red' : 'dimmed'}>
                        {group.state === 'queued' && t.queued}
                        {group.state === 'sending' && t.sending}
                        {(group.state === 'failed' || group.state === 'refused') &&
                          `${group.state === 'refused' ? `${t.refused}: ` : ''}${group.error ?? ''}`}
                        {group.elsewhere && ` · ${t.inAnotherTab}`}
                      </Text>
                    </div>
                    {!group.elsewhere &&
                      (group.state === 'failed' || group.state === 'refused') && (
                        <Group gap={4} wrap="nowrap">
                          {group.state === 'refused' && group.monthId !== undefined && (
                            <Link
                              className="mb-card-button"
                              to="/months/$monthId/journals"
                              params={{ monthId: group.monthId }}
                              onClick={close}
                            >
                              {t.edit}
                            </Link>
                          )}
                          <UnstyledButton
                            className="mb-card-button"
                            onClick={() =>
                              eachFailed(group.mutationIds, (m) => retryWrite(queryClient, m))
                            }
                          >
                            {t.retry}
                          </UnstyledButton>
                          <UnstyledButton
                            className="mb-card-button"
                            data-color="red"
                            onClick={() =>
                              eachFailed(group.mutationIds, (m) => discardWrite(queryClient, m))
                            }
                          >
                            {t.discard}
                          </UnstyledButton>
                        </Group>
                      )}
                  </Group>
                </li>
              ))}
            </Stack>
            {online && (
              <Button
                mt="sm"
                size="xs"
                variant="light"
                onClick={() => void retryFailedWrites(queryClient)}
              >
                {t.retryNow}
              </Button>
            )}
          </>
        )}
      </Paper>
    </div>
  );
}
