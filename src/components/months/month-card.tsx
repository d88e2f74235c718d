// One month in the grid: its name opens its journals; Edit renames it; Delete removes it.
import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Month } from '../../../contract/entities';
import { app } from '../../i18n/en/app';
import { monthCard } from '../../i18n/en/month-card';
import { useTexts } from '../../i18n/store';
import { useMonthCounts } from '../../queries/months';
import { unreadable } from '../../queries/private-rows';
import { PencilIcon, TrashIcon } from '../icons';
import { loadConfirmModal, loadEditMonthModal } from '../lazy-modals';
import { SyncMarker } from '../sync/sync-marker';
import { shownMonthName } from './month-name';

interface MonthCardProps {
  month: Month;
  onEdit: (month: Month) => void;
  onDelete: (month: Month) => void;
}

export function MonthCard({ month, onEdit, onDelete }: MonthCardProps) {
  const t = useTexts('app', app);
  const words = useTexts('monthCard', monthCard);
  // One request for every card (same query); each card picks its month. Absent until it answers;
  // while the month's changes wait to sync, counted from what the screen shows.
  const summary = useMonthCounts(month.id);
  const name = shownMonthName(month, words);
  return (
    // data-month-card: where focus goes after a delete (focus-after-removal.ts) finds the cards.
    <Card withBorder shadow="xs" radius="lg" padding="lg" data-month-card={month.id}>
      {/* Under its year's heading (month-list.tsx). */}
      <Title order={3} size="h3" style={{ overflowWrap: 'anywhere' }}>
        <Anchor
          c="inherit"
          inherit
          renderRoot={(props) => (
            <Link
              {...props}
              to="/months/$monthId/journals"
              params={{ monthId: String(month.id) }}
            />
          )}
        >
          {name}
        </Anchor>
        <SyncMarker kind="month" id={month.id} />
      </Title>
      {summary && (
        <Text size="sm" c="dimmed" mt={4}>
          {words.entries(summary.journals)}
          {summary.goals > 0 &&
            ` · ${
              summary.goals_done === null
                ? words.goals(summary.goals)
                : words.goalsDone(summary.goals_done, summary.goals)
            }`}
        </Text>
      )}
      {/* Pushed to the card's foot, so the Edit and Delete rows of a grid row line up however
          many lines each name takes (cards of a row share its height). */}
      <Group gap="xs" pt="lg" mt="auto">
        <Button
          variant="light"
          size="xs"
          leftSection={<PencilIcon size={14} />}
          aria-label={t.editMonthNamed(name)}
          onPointerEnter={loadEditMonthModal}
          onFocus={loadEditMonthModal}
          onClick={() => onEdit(month)}
          // What it cannot open it cannot edit: saved, it would overwrite the sealed name.
          disabled={unreadable(month) !== null}
        >
          {t.edit}
        </Button>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<TrashIcon size={14} />}
          aria-label={t.deleteMonthNamed(name)}
          onPointerEnter={loadConfirmModal}
          onFocus={loadConfirmModal}
          onClick={() => onDelete(month)}
        >
          {t.delete}
        </Button>
      </Group>
    </Card>
  );
}
