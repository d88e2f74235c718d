// The navbar's Feedback entry (docs/product-rules.md section 2): a small popover with the contact
// address. A disclosure button and panel rather than Mantine's Popover: that one brings a
// positioning library (about 9 KB gzipped) into every app screen for a single fixed panel.
import { Anchor, Button, Paper, Text } from '@mantine/core';
import { CONTACT_EMAIL } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { useTexts } from '../../i18n/store';
import { useHeaderPopover } from './use-header-popover';

export function FeedbackPopover({ inline = false }: { inline?: boolean }) {
  const t = useTexts('app', app);
  const { opened, toggle, panelId, buttonRef, rootRef } = useHeaderPopover();

  return (
    <div ref={rootRef} style={{ position: 'relative' }}>
      <Button
        ref={buttonRef}
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        className="mb-nav-item"
        fullWidth={inline}
        styles={inline ? { inner: { justifyContent: 'flex-start' } } : undefined}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={toggle}
      >
        {t.feedback}
      </Button>
      <Paper
        id={panelId}
        hidden={!opened}
        display={opened ? undefined : 'none'}
        withBorder
        shadow="md"
        p="md"
        radius="md"
        w={inline ? '100%' : 280}
        mt={inline ? 'xs' : 0}
        style={
          inline
            ? undefined
            : { position: 'absolute', right: 0, top: 'calc(100% + 8px)', zIndex: 300 }
        }
      >
        <Text size="sm">{t.feedbackBody}</Text>
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" fw={600}>
          {CONTACT_EMAIL}
        </Anchor>
      </Paper>
    </div>
  );
}
