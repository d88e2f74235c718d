// Pieces every card of the loaded month at a glance uses: its one-line title and its empty message.
import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Sized by .mb-stats-card-title (stats-frame.css), like the placeholder's title bar. */
export function CardTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={3} size="h5" className="mb-stats-card-title">
      {children}
    </Title>
  );
}

/** What a card says when it has nothing to show. */
export function EmptyMessage({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
