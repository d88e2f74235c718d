// The search dialog: debounced words, then the matching entries of every month as links.
import { Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import {
  SEARCH_MAX_LENGTH,
  SEARCH_RESULTS_LIMIT,
  searchWords,
} from '../../../contract/search-text';
import { useTexts } from '../../i18n/store';
import { journalSearchQueryOptions, normalizeSearch } from '../../queries/journal-search';
import { SearchIcon } from '../icons';
import { useOpenedAfterMount } from '../use-mounted-once';
import { SearchHitLink } from './search-hit-link';
import { SEARCH_TEXTS } from './search-texts';

/** Long enough to skip the keystrokes of a word, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchModalProps {
  opened: boolean;
  onClose: () => void;
}

export function SearchModal({ opened, onClose }: SearchModalProps) {
  const t = useTexts('search', SEARCH_TEXTS);
  const shown = useOpenedAfterMount(opened);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const words = normalizeSearch(debounced);
  const search = useQuery(journalSearchQueryOptions(words));
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hits = words === '' ? undefined : search.data;

  const links = () => Array.from(list.current?.querySelectorAll<HTMLElement>('a') ?? []);
  // Arrows move between the input and the results; Enter in the input opens the first one.
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter') {
      const first = links()[0];
      if (!first) return;
      event.preventDefault();
      if (event.key === 'Enter') first.click();
      else first.focus();
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) input.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };

  return (
    <Modal opened={shown} onClose={onClose} title={t.title} size="lg" yOffset="8vh">
      <Stack gap="sm">
        <TextInput
          ref={input}
          type="search"
          label={t.label}
          placeholder={t.placeholder}
          leftSection={<SearchIcon size={16} />}
          rightSection={words !== '' && search.isFetching ? <Loader size="xs" /> : null}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onInputKey}
          data-autofocus
        />
        <div role="status">
          {words === '' ? (
            <Text size="sm" c="dimmed">
              {t.hint}
            </Text>
          ) : search.isError ? (
            <Group gap="sm">
              <Text size="sm" c="red">
                {t.failed}
              </Text>
              <Button size="xs" variant="light" onClick={() => search.refetch()}>
                {t.retry}
              </Button>
            </Group>
          ) : hits === undefined ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t.searching}</Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {hits.length === 0
                ? t.none(words)
                : hits.length >= SEARCH_RESULTS_LIMIT
                  ? t.limited(hits.length)
                  : t.found(hits.length)}
            </Text>
          )}
        </div>
        {hits && hits.length > 0 && !search.isError && (
          <ul
            ref={list}
            aria-label={t.results}
            onKeyDown={onListKey}
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              opacity: search.isPlaceholderData ? 0.6 : 1,
            }}
          >
            {hits.map((hit) => (
              <li key={hit.id}>
                <SearchHitLink hit={hit} words={searchWords(words)} onOpen={onClose} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Modal>
  );
}
