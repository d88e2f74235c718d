// The marketing page (spec §2 '/'): a pure render of constants and the launch offer, so it prerenders.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { LaunchOffer } from '../../../contract/entities';
import { LAUNCH_OFFER } from '../../../contract/rules';
import { BookIcon, CheckIcon, PencilIcon } from '../icons';
import { PlanCards } from '../plan-cards';
import { SiteFooter } from '../site-footer';
import { LandingHeader } from './landing-header';

const FEATURES = [
  {
    title: 'A page for every month',
    body: 'Start each month with a name, the one measure you want to track (sleep hours, pages read, kilometres run) and the habits you want to keep.',
    icon: BookIcon,
  },
  {
    title: 'A few lines a day',
    body: 'Each journal entry holds the highlight of your day, the value of your measure and a tick for every habit you practised.',
    icon: PencilIcon,
  },
  {
    title: 'Goals you can tick off',
    body: 'Keep a short list of goals beside your entries and check them off as the month goes by.',
    icon: CheckIcon,
  },
] as const;

export interface LandingPageProps {
  /** Live offer from the server, or null to show the static wording. */
  launchOffer: LaunchOffer | null;
}

function OfferBanner({ launchOffer }: LandingPageProps) {
  if (launchOffer && launchOffer.remaining <= 0) return null;
  return (
    <Alert
      variant="light"
      radius="lg"
      maw={720}
      mx="auto"
      w="100%"
      title={`${LAUNCH_OFFER.percentOff}% off for the first ${LAUNCH_OFFER.customers} customers`}
    >
      {launchOffer
        ? `${launchOffer.remaining} ${launchOffer.remaining === 1 ? 'place' : 'places'} left at the launch price.`
        : 'The launch price applies automatically at checkout.'}
    </Alert>
  );
}

export function LandingPage({ launchOffer }: LandingPageProps) {
  return (
    <>
      <LandingHeader />
      <main>
        <Container size="lg" py={{ base: 48, sm: 96 }}>
          <Stack align="center" ta="center" gap="lg" maw={760} mx="auto">
            <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
              Your year, kept one month at a time
            </Title>
            <Text fz={{ base: 'lg', sm: 'xl' }}>
              Monthbook is a personal journal organised by month: a highlight a day, one measure to
              track, the habits you want to keep and the goals you want to reach.
            </Text>
            <Group justify="center">
              <Button component={Link} to="/register" size="lg">
                Sign Up
              </Button>
              <Button component="a" href="#demo" size="lg" variant="default">
                Watch the demo
              </Button>
            </Group>
          </Stack>
        </Container>

        <Box
          component="section"
          id="about"
          aria-labelledby="about-title"
          py={64}
          bg="var(--mantine-color-default-hover)"
        >
          <Container size="lg">
            <Title id="about-title" order={2} ta="center" mb="xl">
              About
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
              {FEATURES.map((feature) => (
                <Stack key={feature.title} gap="sm">
                  <ThemeIcon size={44} radius="md" variant="filled">
                    <feature.icon size={24} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {feature.title}
                  </Title>
                  <Text>{feature.body}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box component="section" id="demo" aria-labelledby="demo-title" py={64}>
          <Container size="md">
            <Title id="demo-title" order={2} ta="center" mb="xl">
              Demo
            </Title>
            <figure style={{ margin: 0 }}>
              <video
                className="mb-demo-video"
                controls
                preload="none"
                aria-describedby="demo-caption"
              >
                <source src="/demo.webm" type="video/webm" />
                <track kind="captions" src="/demo-captions.vtt" srcLang="en" label="English" />
                Your browser cannot play this video.{' '}
                <Anchor href="/demo.webm">Download the demo video</Anchor>.
              </video>
              <Text component="figcaption" id="demo-caption" ta="center" mt="sm">
                A short walkthrough without sound: creating a month, writing a journal entry,
                ticking off habits and a goal.
              </Text>
            </figure>
          </Container>
        </Box>

        <Box
          component="section"
          id="pricing"
          aria-labelledby="pricing-title"
          py={64}
          bg="var(--mantine-color-default-hover)"
        >
          <Container size="lg">
            <Stack gap="xl">
              <Title id="pricing-title" order={2} ta="center">
                Pricing
              </Title>
              <OfferBanner launchOffer={launchOffer} />
              <PlanCards
                headingOrder={3}
                action={() => (
                  <Button component={Link} to="/register" fullWidth>
                    Sign Up
                  </Button>
                )}
              />
            </Stack>
          </Container>
        </Box>
      </main>
      <SiteFooter />
    </>
  );
}
