// Footer of the public pages: contact address, legal links and the copyright line (spec §2, §9).
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CONTACT_EMAIL } from '../../contract/rules';
import { TEXTS } from '../texts';

export function SiteFooter() {
  return (
    <footer>
      <Container size="lg" py="xl">
        <Group
          justify="space-between"
          gap="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          pt="lg"
        >
          <Text size="sm">
            Contact: <Anchor href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Anchor>
          </Text>
          <Group component="nav" aria-label="Legal" gap="lg">
            <Anchor component={Link} to="/tou" size="sm">
              Terms of use
            </Anchor>
            <Anchor component={Link} to="/pp" size="sm">
              Privacy policy
            </Anchor>
          </Group>
          <Text size="sm">© {TEXTS.copyrightYear} Monthbook</Text>
        </Group>
      </Container>
    </footer>
  );
}
