// Layout of the legal pages (spec §2 /tou, /pp): title, date, numbered sections and a Back link.
import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TEXTS } from '../../texts';
import { Brand } from '../brand';
import { SiteFooter } from '../site-footer';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

interface LegalPageProps {
  title: string;
  sections: readonly LegalSection[];
}

export function LegalPage({ title, sections }: LegalPageProps) {
  return (
    <>
      <Box
        component="header"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="md" py="sm">
          <Brand />
        </Container>
      </Box>
      <Container component="main" size="md" py="xl">
        <Anchor component={Link} to="/" fw={500}>
          ← Back
        </Anchor>
        <Title order={1} mt="lg">
          {title}
        </Title>
        <Text mt="xs">Last updated: {TEXTS.legalDate}</Text>
        <Stack gap="lg" mt="xl">
          {sections.map((section, index) => (
            <section key={section.heading} aria-labelledby={`section-${index + 1}`}>
              <Title order={2} size="h3" id={`section-${index + 1}`}>
                {index + 1}. {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} mt="xs">
                  {paragraph}
                </Text>
              ))}
            </section>
          ))}
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
