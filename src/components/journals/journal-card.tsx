// One journal entry (spec §2): date, highlight, a named checkbox per habit, the measure's metric, Edit, Delete.
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { DailyHabit, DailyMeasure, Journal } from '../../../contract/entities';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { texts, useLocale, useTexts } from '../../i18n/store';
import { useToggleDailyHabit } from '../../queries/daily';
import { PencilIcon, TrashIcon } from '../icons';
import { loadJournalFormModal } from '../lazy-modals';
import { notifyFailure, notifySuccess } from '../toast';
import { formatJournalDate } from './format-date';

interface JournalCardProps {
  monthId: number;
  journal: Journal;
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
  onEdit: (journal: Journal) => void;
  onDelete: (journal: Journal) => void;
  deleting: boolean;
}

export function JournalCard(props: JournalCardProps) {
  const { monthId, journal, dailyHabits, dailyMeasures, onEdit, onDelete, deleting } = props;
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  const toggle = useToggleDailyHabit(monthId);
  const date = formatJournalDate(journal.created_at, useLocale());
  const headingId = `journal-${journal.id}`;

  const tick = (dailyHabit: DailyHabit, isPracticed: boolean) => {
    toggle.mutate(
      { dailyHabitId: dailyHabit.id, isPracticed },
      {
        onSuccess: () => notifySuccess(texts('toasts', toasts).habitUpdated),
        onError: (error) => notifyFailure(texts('toasts', toasts).habitUpdateFailed, error),
      },
    );
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      className="mb-journal-card"
    >
      <Stack gap="sm">
        {/* A search result links here (#journal-<id>): the whole card below the fixed 60 px header. */}
        <Title order={3} size="h5" id={headingId} style={{ scrollMarginTop: 100 }}>
          <time dateTime={journal.created_at}>{date}</time>
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {journal.highlight}
        </Text>
        {dailyMeasures.map((daily) => (
          <Text key={daily.id} size="sm">
            <Text span fw={600}>
              {daily.measure.name}:
            </Text>{' '}
            {daily.metric}
          </Text>
        ))}
        {dailyHabits.length > 0 && (
          <Group gap="md">
            {dailyHabits.map((daily) => (
              <Checkbox
                key={daily.id}
                label={daily.habit.name}
                checked={daily.is_practiced}
                disabled={toggle.isPending && toggle.variables?.dailyHabitId === daily.id}
                onChange={(event) => tick(daily, event.currentTarget.checked)}
              />
            ))}
          </Group>
        )}
        <Group gap="xs" mt="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<PencilIcon size={14} />}
            aria-label={t.editJournalOf(date)}
            onPointerEnter={loadJournalFormModal}
            onFocus={loadJournalFormModal}
            onClick={() => onEdit(journal)}
          >
            {words.edit}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<TrashIcon size={14} />}
            aria-label={t.deleteJournalOf(date)}
            loading={deleting}
            onClick={() => onDelete(journal)}
          >
            {words.delete}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
