// Asked in place of a stored habit's or measure's row before it is removed: its ticks or values go with it.
import { Alert, Button, Group, Text } from '@mantine/core';

interface RemoveQuestionProps {
  /** The row's name: the question's accessible name. */
  name: string;
  question: string;
  keepLabel: string;
  removeLabel: string;
  onKeep: () => void;
  onRemove: () => void;
}

export function RemoveQuestion(props: RemoveQuestionProps) {
  const { name, question, keepLabel, removeLabel, onKeep, onRemove } = props;
  return (
    <Alert color="red" role="alertdialog" aria-label={name}>
      <Text size="sm">{question}</Text>
      <Group justify="flex-end" gap="xs" mt="xs">
        {/* Focus goes to the safe answer as the question shows. */}
        <Button variant="default" size="xs" ref={(button) => button?.focus()} onClick={onKeep}>
          {keepLabel}
        </Button>
        <Button color="red" size="xs" onClick={onRemove}>
          {removeLabel}
        </Button>
      </Group>
    </Alert>
  );
}
