// The conflict dialogs (Mantine Modal): keep mine / the other / both for a field changed on two devices; restore or drop for an item deleted elsewhere.
import { Button, Group, getDefaultZIndex, Modal, Stack, Text } from '@mantine/core';
import { HIGHLIGHT_MAX_LENGTH } from '../../../contract/rules';
import type { Messages } from '../../i18n/en';
import { conflicts as en } from '../../i18n/en/conflicts';
import { formatIsoDate } from '../../i18n/format';
import { type Locale, useLocale, useTexts } from '../../i18n/store';
import { OFFLINE_TEXTS } from '../../offline/texts';
import type { ConflictChoice, ConflictSubject, FieldConflict } from '../../queries/conflicts';

export type ConflictQuestion =
  | { kind: 'version'; conflict: FieldConflict; canKeepBoth: boolean; subject?: ConflictSubject }
  | { kind: 'deleted'; canRestore: boolean; subject?: ConflictSubject };

export type ConflictAnswer = ConflictChoice | 'restore' | 'drop' | 'later';

interface Props {
  question: ConflictQuestion;
  onAnswer(answer: ConflictAnswer): void;
}

function shown(value: unknown, t: Messages['conflicts']): string {
  if (value === null || value === undefined || value === '') return t.empty;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "Entry of Jan 9 · Stretch", "Goal “Swim”": the words of the pending-changes list. */
function named(subject: ConflictSubject, t: Messages['offline'], locale: Locale): string {
  if (subject.kind === 'entry') {
    const entry = subject.date
      ? t.entryOf(formatIsoDate(subject.date, locale, { month: 'short', day: 'numeric' }))
      : t.anEntry;
    return subject.part ? `${entry} · ${subject.part}` : entry;
  }
  if (subject.kind === 'goal') return subject.name ? t.goalNamed(subject.name) : t.aGoal;
  return subject.name ? t.monthNamed(subject.name) : t.aMonth;
}

function Subject({ subject }: { subject: ConflictSubject | undefined }) {
  const t = useTexts('offline', OFFLINE_TEXTS);
  const locale = useLocale();
  if (!subject) return null;
  return (
    <Text fw={600} data-testid="conflict-subject">
      {named(subject, t, locale)}
    </Text>
  );
}

/**
 * Above every other dialog: the question may come while one is open (an edit sent in the
 * background, another month's dialog opened meanwhile), and must be answerable there.
 */
const ABOVE_DIALOGS = getDefaultZIndex('max');

/**
 * Closing without a choice (Escape, the close button, a click outside) answers `later`: the
 * change is neither sent nor dropped, and waits in the list of changes with the question.
 */
export function ConflictDialog({ question, onAnswer }: Props) {
  const t = useTexts('conflicts', en);
  if (question.kind === 'deleted') {
    return (
      <Modal
        opened
        onClose={() => onAnswer('later')}
        title={t.deletedTitle}
        centered
        zIndex={ABOVE_DIALOGS}
      >
        <Stack>
          <Subject subject={question.subject} />
          <Text>{question.canRestore ? t.deletedBody : t.deletedNoRestore}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onAnswer('drop')}>
              {t.drop}
            </Button>
            {question.canRestore && (
              <Button onClick={() => onAnswer('restore')} data-autofocus>
                {t.restore}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    );
  }
  const { conflict, canKeepBoth } = question;
  const field = t.fields[conflict.field] ?? t.field;
  return (
    <Modal
      opened
      onClose={() => onAnswer('later')}
      title={t.title}
      centered
      size="lg"
      zIndex={ABOVE_DIALOGS}
    >
      <Stack>
        <Subject subject={question.subject} />
        <Text>{t.body(field)}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.mine}
          </Text>
          <Text data-testid="conflict-mine" style={{ whiteSpace: 'pre-wrap', userSelect: 'text' }}>
            {shown(conflict.mine, t)}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.theirs}
          </Text>
          <Text
            data-testid="conflict-theirs"
            style={{ whiteSpace: 'pre-wrap', userSelect: 'text' }}
          >
            {shown(conflict.theirs, t)}
          </Text>
        </Stack>
        {!canKeepBoth && typeof conflict.mine === 'string' && (
          <Text size="sm" c="dimmed">
            {t.bothTooLong(HIGHLIGHT_MAX_LENGTH)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer('theirs')}>
            {t.keepTheirs}
          </Button>
          {canKeepBoth && (
            <Button variant="default" onClick={() => onAnswer('both')}>
              {t.keepBoth}
            </Button>
          )}
          <Button onClick={() => onAnswer('mine')} data-autofocus>
            {t.keepMine}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
