// The months page's list: newest period first, a heading per year, and a quick filter once there are many.
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { Month } from '../../../contract/entities';
import { monthCard } from '../../i18n/en/month-card';
import { useTexts } from '../../i18n/store';
import { MonthCard } from './month-card';
import './month-list.css';
import { filterMonths, groupMonths } from './month-groups';

/** More months than this get the quick filter: a year or two fit on a screen without one. */
export const FILTER_FROM = 12;

interface MonthListProps {
  months: Month[];
  onEdit: (month: Month) => void;
  onDelete: (month: Month) => void;
}

export function MonthList({ months, onEdit, onDelete }: MonthListProps) {
  const t = useTexts('monthCard', monthCard);
  const [filter, setFilter] = useState('');
  // The count is announced once typing pauses, not at every key.
  const [settled] = useDebouncedValue(filter, 400);
  const typed = useDeferredValue(filter);
  const shown = useMemo(() => filterMonths(months, typed), [months, typed]);
  const groups = useMemo(() => groupMonths(shown), [shown]);
  const id = useId();
  const filtering = months.length > FILTER_FROM;
  return (
    <>
      {filtering && (
        <search className="mb-month-filter">
          <label htmlFor={`${id}-filter`}>{t.filterLabel}</label>
          <span id={`${id}-hint`} className="mb-month-filter-hint">
            {t.filterHint}
          </span>
          <input
            id={`${id}-filter`}
            type="search"
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && filter !== '') {
                event.preventDefault();
                setFilter('');
              }
            }}
          />
        </search>
      )}
      {filtering && (
        <Text size="sm" c="dimmed" mb="md" role="status">
          {settled.trim() === '' ? (
            <span className="mb-visually-hidden">{t.monthCount(months.length)}</span>
          ) : (
            t.filterCount(filterMonths(months, settled).length, months.length)
          )}
        </Text>
      )}
      {groups.length === 0 ? (
        <Text>{t.noMatch(filter.trim())}</Text>
      ) : (
        <Stack gap="xl">
          {groups.map((group) => {
            const headingId = `${id}-${group.year ?? 'none'}`;
            return (
              <section key={group.year ?? 'none'} aria-labelledby={headingId}>
                <Title order={2} id={headingId} mb="sm">
                  {group.year ?? t.noPeriod}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
                  {group.months.map((month) => (
                    <MonthCard key={month.id} month={month} onEdit={onEdit} onDelete={onDelete} />
                  ))}
                </SimpleGrid>
              </section>
            );
          })}
        </Stack>
      )}
    </>
  );
}
