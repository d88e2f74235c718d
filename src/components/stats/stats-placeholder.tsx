// What the month at a glance shows while its code and data load: grey blocks in the very same boxes.
import { Paper } from '@mantine/core';
import type { CSSProperties } from 'react';

export interface StatsPlaceholderProps {
  /** What the page already knows, so the habit grid's box is as tall as the loaded one. */
  habitCount: number;
  entryCount: number;
  /** One chart per measure (true: it has a target, a line more); none: the one chart. */
  measureTargets?: boolean[];
  /** The mood chart's card, unless the month turned mood off. */
  moodEnabled?: boolean;
  label: string;
}

/** Plain blocks styled by stats-frame.css: Mantine's Skeleton would add its code to the page's first load. */
function Block({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <div className={`mb-stats-block ${className}`} style={style} />;
}

export function StatsPlaceholder({
  habitCount,
  entryCount,
  measureTargets = [],
  moodEnabled = false,
  label,
}: StatsPlaceholderProps) {
  const empty = habitCount === 0 || entryCount === 0;
  const chart = (key: number, target?: boolean) => (
    <Paper
      key={key}
      withBorder
      radius="lg"
      p="md"
      className="mb-stats-chart"
      data-target={target || undefined}
      aria-hidden="true"
    >
      <Block className="mb-stats-card-title" style={{ width: '45%' }} />
      <Block style={{ height: 'calc(100% - 2.5rem)' }} />
    </Paper>
  );
  return (
    <div className="mb-stats-grid" aria-busy="true" data-empty={entryCount === 0 || undefined}>
      {/* A class rather than Mantine's VisuallyHidden, whose code the page does not load otherwise. */}
      <span className="mb-visually-hidden">{label}</span>
      {/* The same cards as the loaded section (month-stats.tsx): a chart per measure, the mood's. */}
      {measureTargets.length > 0
        ? measureTargets.map((target, index) => chart(index, target))
        : chart(0)}
      {moodEnabled && chart(-1)}
      <Paper withBorder radius="lg" p="md" className="mb-stats-goals" aria-hidden="true">
        <Block className="mb-stats-card-title" style={{ width: '30%' }} />
        <Block style={{ height: 28, width: '40%', marginBottom: 'var(--mantine-spacing-sm)' }} />
        <Block style={{ height: 12 }} />
      </Paper>
      <Paper withBorder radius="lg" p="md" className="mb-stats-habits" aria-hidden="true">
        <Block className="mb-stats-card-title" style={{ width: '20%' }} />
        <div
          className="mb-stats-block mb-stats-habits-body"
          data-empty={empty || undefined}
          style={{ '--mb-habit-rows': habitCount } as CSSProperties}
        />
      </Paper>
    </div>
  );
}
