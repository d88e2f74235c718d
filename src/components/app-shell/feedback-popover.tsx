// The navbar's Feedback entry: a popover with the contact address (spec §2).
import { Anchor, Button, Popover, Text } from '@mantine/core';
import { CONTACT_EMAIL } from '../../../contract/rules';

export function FeedbackPopover({ fullWidth = false }: { fullWidth?: boolean }) {
  return (
    <Popover width={280} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          fullWidth={fullWidth}
          justify={fullWidth ? 'flex-start' : 'center'}
        >
          Feedback
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">Questions, ideas or something broken? Write to us:</Text>
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" fw={600}>
          {CONTACT_EMAIL}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
