// The search dialog: debounced words, an optional year and month, then the matching entries of every month as links, a page at a time.
import {
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_WORDS,
  SEARCH_MESSAGES,
  SEARCH_RESULTS_LIMIT,
  searchRefusal,
  searchWords,
} from '../../../contract/search-text';
import { SEARCH_TEXTS } from '../../i18n/en/search';
import { formatIsoDate } from '../../i18n/format';
import { useLocale, useTexts } from '../../i18n/store';
import {
  journalSearchQueryOptions,
  normalizeSearch,
  searchPeriod,
} from '../../queries/journal-search';
import { monthsQueryOptions } from '../../queries/months';
import {
  type PrivateSearch,
  privateSearchQueryOptions,
  warmPrivateSearch,
} from '../../queries/private-search';
import { SearchIcon } from '../icons';
import { useOpenedAfterMount } from '../use-mounted-once';
import { SearchHitLink } from './search-hit-link';

/** Long enough to skip the keystrokes of a word, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Years the filter offers before this one even when no month's period reaches so far back. */
const RECENT_YEARS = 10;

/**
 * The years the filter offers, newest first, with no gaps: from the earliest month the user has a
 * calendar period for (or ten years ago, as entries may be dated outside their month's period)
 * to the latest (or this year).
 */
export function searchYears(periods: readonly (string | null)[], thisYear: number): number[] {
  const years = periods.flatMap((period) => (period ? [Number(period.slice(0, 4))] : []));
  const first = Math.min(thisYear - RECENT_YEARS, ...years);
  const last = Math.max(thisYear, ...years);
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}

export function SearchModal({ opened, onClose }: SearchModalProps) {
  const t = useTexts('search', SEARCH_TEXTS);
  const locale = useLocale();
  const shown = useOpenedAfterMount(opened);
  // A hit opens its entry, which takes the focus. Handed back to the search button as the dialog
  // closes (10 ms later), the focus would leave the entry whenever its page was drawn first.
  const [hitOpened, setHitOpened] = useState(false);
  useEffect(() => {
    if (opened) setHitOpened(false);
  }, [opened]);
  const openHit = () => {
    setHitOpened(true);
    onClose();
  };
  const [text, setText] = useState('');
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const words = normalizeSearch(debounced);
  const refusal = searchRefusal(debounced);
  const period = searchPeriod(year, month);
  const search = useInfiniteQuery(journalSearchQueryOptions(words, period));
  const privateSearch = useQuery(privateSearchQueryOptions(words, period));
  const months = useQuery({ ...monthsQueryOptions(), enabled: shown });
  // Private months' entries are searched here and listed apart (the server cannot read them).
  const hasPrivate = months.data?.some((month) => month.month_key != null) ?? false;
  const queryClient = useQueryClient();
  useEffect(() => {
    // A failed read ahead is only a slower first search: the search reads again, and says so.
    if (shown && hasPrivate) warmPrivateSearch(queryClient).catch(() => undefined);
  }, [shown, hasPrivate, queryClient]);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hits = words === '' ? undefined : search.data?.pages.flatMap((page) => page.hits);
  const years = searchYears(
    (months.data ?? []).map((m) => m.period ?? null),
    new Date().getFullYear(),
  );
  const monthName = (number: number) =>
    formatIsoDate(`2000-${String(number).padStart(2, '0')}-01`, locale, { month: 'long' });

  // The first hit of the page just loaded takes the focus once it shows: the button may be gone
  // (last page), and a keyboard or screen reader user goes on reading where the new hits start.
  const focusFrom = useRef<number | null>(null);
  const loadMore = () => {
    focusFrom.current = hits?.length ?? 0;
    void search.fetchNextPage();
  };
  const shownCount = hits?.length ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shownCount <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('a')[from]?.focus();
  }, [shownCount]);

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
    <Modal
      opened={shown}
      onClose={onClose}
      returnFocus={!hitOpened}
      title={t.title}
      size="lg"
      yOffset="8vh"
    >
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
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <VisuallyHidden component="legend">{t.filters}</VisuallyHidden>
          <Group grow gap="sm" wrap="nowrap">
            <NativeSelect
              label={t.year}
              value={year === null ? '' : String(year)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setYear(value === '' ? null : Number(value));
                if (value === '') setMonth(null);
              }}
              data={[
                { value: '', label: t.anyYear },
                ...years.map((y) => ({ value: String(y), label: String(y) })),
              ]}
            />
            <NativeSelect
              label={t.month}
              value={month === null ? '' : String(month)}
              disabled={year === null}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setMonth(value === '' ? null : Number(value));
              }}
              data={[
                { value: '', label: t.anyMonth },
                ...Array.from({ length: 12 }, (_, i) => ({
                  value: String(i + 1),
                  label: monthName(i + 1),
                })),
              ]}
            />
          </Group>
        </fieldset>
        <div role="status">
          {words === '' ? (
            <Text size="sm" c="dimmed">
              {refusal === SEARCH_MESSAGES.tooShort
                ? t.tooShort
                : refusal === SEARCH_MESSAGES.tooManyWords
                  ? t.tooMany(SEARCH_MAX_WORDS)
                  : t.hint}
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
                ? hasPrivate
                  ? t.noneElsewhere
                  : t.none(words)
                : search.hasNextPage
                  ? t.more(hits.length)
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
                <SearchHitLink hit={hit} words={searchWords(words)} onOpen={openHit} />
              </li>
            ))}
          </ul>
        )}
        {hits && search.hasNextPage && !search.isError && !search.isPlaceholderData && (
          <Button variant="light" onClick={loadMore} loading={search.isFetchingNextPage}>
            {search.isFetchingNextPage ? t.loadingMore : t.loadMore}
          </Button>
        )}
        {words !== '' && hasPrivate && (
          <PrivateHits key={words} query={privateSearch} words={words} onOpen={openHit} />
        )}
      </Stack>
    </Modal>
  );
}

/** The matches in private months, which the server cannot search: found on this device. */
function PrivateHits(props: {
  query: UseQueryResult<PrivateSearch>;
  words: string;
  onOpen: () => void;
}) {
  const t = useTexts('search', SEARCH_TEXTS);
  const { data, isError, refetch } = props.query;
  // Shown a page at a time, as the server's hits are: a common word can match thousands of entries.
  const [shown, setShown] = useState(SEARCH_RESULTS_LIMIT);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const hits = data?.hits.slice(0, shown) ?? [];
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || hits.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('a')[from]?.focus();
  }, [hits.length]);
  return (
    <Stack gap={4} component="section" aria-labelledby="search-private-title">
      <Text size="sm" fw={600} id="search-private-title">
        {t.privateTitle}
      </Text>
      <div role="status">
        {isError ? (
          <Group gap="sm">
            <Text size="sm" c="red">
              {t.privateFailed}
            </Text>
            <Button size="xs" variant="light" onClick={() => refetch()}>
              {t.retry}
            </Button>
          </Group>
        ) : !data ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t.privateSearching}</Text>
          </Group>
        ) : data.locked ? (
          <Text size="sm" c="dimmed">
            {t.privateLocked}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {data.hits.length === 0 ? t.privateNone : t.found(data.hits.length)}
          </Text>
        )}
      </div>
      {hits.length > 0 && (
        <ul
          ref={list}
          aria-labelledby="search-private-title"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {hits.map((hit) => (
            <li key={hit.id}>
              <SearchHitLink hit={hit} words={searchWords(props.words)} onOpen={props.onOpen} />
            </li>
          ))}
        </ul>
      )}
      {data && data.hits.length > shown && (
        <Button
          variant="light"
          onClick={() => {
            focusFrom.current = shown;
            setShown(shown + SEARCH_RESULTS_LIMIT);
          }}
        >
          {t.privateMore}
        </Button>
      )}
    </Stack>
  );
}
