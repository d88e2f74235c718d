// The Monthbook wordmark, a link home used by every header.
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { BookIcon } from './icons';

export function Brand({ to = '/' }: { to?: '/' | '/months' }) {
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <BookIcon size={24} color="var(--mantine-color-anchor)" />
        <Text fw={800} size="lg" component="span">
          Monthbook
        </Text>
      </Group>
    </Anchor>
  );
}
