// Landing top bar: in-page links to Pricing, About and Demo (smooth scroll via CSS), Login and Sign Up.
import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Brand } from '../brand';

const SECTIONS = [
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
  { href: '#demo', label: 'Demo' },
] as const;

/** Rendered twice (inline on wide screens, as a second row on narrow ones); CSS shows only one. */
function SectionLinks(props: { visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) {
  return (
    <Group component="nav" aria-label="Sections" gap="lg" {...props}>
      {SECTIONS.map((section) => (
        <Anchor key={section.href} href={section.href} c="var(--mantine-color-text)" fw={500}>
          {section.label}
        </Anchor>
      ))}
    </Group>
  );
}

export function LandingHeader() {
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{
        zIndex: 10,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Brand />
          <SectionLinks visibleFrom="sm" />
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle" px="sm">
              Login
            </Button>
            <Button component={Link} to="/register" px="sm">
              Sign Up
            </Button>
          </Group>
        </Group>
        <SectionLinks hiddenFrom="sm" />
      </Container>
    </Box>
  );
}
