// One search result: a link to its month's journals page (scrolled to the entry), with date and month.
import '@mantine/core/styles/NavLink.css';
import { NavLink, type NavLinkProps, Text } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import type { JournalSearchHit } from '../../../contract/search';
import { formatIsoDate } from '../../i18n/format';
import { type Locale, useLocale } from '../../i18n/store';
import { splitMatches } from './match-ranges';

type AnchorNavLinkProps = NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>;

/** Mantine's NavLink as a typed router link (params checked against the route). */
const RouterNavLink = createLink((props: AnchorNavLinkProps) => (
  <NavLink component="a" {...props} />
));

/** Mantine's light yellow, readable in both colour schemes. */
const MARK_STYLE = {
  backgroundColor: 'var(--mantine-color-yellow-light)',
  color: 'inherit',
  borderRadius: 2,
};

/** The day in the reader's language (`Mar 1, 2025`, `1 de mar. de 2025`). */
const formatDay = (isoDate: string, locale: Locale) =>
  formatIsoDate(isoDate, locale, { dateStyle: 'medium' });

interface SearchHitLinkProps {
  hit: JournalSearchHit;
  words: readonly string[];
  onOpen: () => void;
}

export function SearchHitLink({ hit, words, onOpen }: SearchHitLinkProps) {
  const locale = useLocale();
  return (
    <RouterNavLink
      to="/months/$monthId/journals"
      params={{ monthId: hit.month_id }}
      hash={`journal-${hit.id}`}
      // Not shown as "current" on its own month's page: only an exact match, hash included.
      activeOptions={{ exact: true, includeHash: true }}
      onClick={onOpen}
      data-search-hit
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      label={
        <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {splitMatches(hit.highlight, words).map((part, index) =>
            part.match ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
              <mark key={index} style={MARK_STYLE}>
                {part.text}
              </mark>
            ) : (
              part.text
            ),
          )}
        </Text>
      }
      description={
        <>
          <time dateTime={hit.created_at}>{formatDay(hit.created_at, locale)}</time> ·{' '}
          {hit.month_name}
        </>
      }
    />
  );
}
