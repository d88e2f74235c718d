// Catches a failed stats request or lazy chunk, so the month at a glance fails alone, with a retry.
import { Button, Group, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface StatsErrorBoundaryProps {
  children: ReactNode;
  /** Forgets the failure (the failed query, the failed chunk) before rendering the children again. */
  onRetry: () => void;
  texts: { failed: string; retry: string };
}

/** Plain text and a button: Mantine's Alert would add its code to the page's first load. */
export class StatsErrorBoundary extends Component<StatsErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const { texts } = this.props;
    return (
      <Group role="alert" gap="sm">
        <Text c="red">{texts.failed}</Text>
        <Button size="xs" variant="light" color="red" onClick={this.retry}>
          {texts.retry}
        </Button>
      </Group>
    );
  }
}
