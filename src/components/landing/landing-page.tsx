// The marketing page (spec §2 '/'): a pure render of constants and the launch offer, so it prerenders.
import { Link } from '@tanstack/react-router';
import type { LaunchOffer } from '../../../contract/entities';
import { LAUNCH_OFFER } from '../../../contract/rules';
import { BookIcon, CheckIcon, PencilIcon } from '../icons';
import { usePageTitle } from '../page-title';
import { PlanCards } from '../plan-cards';
import { SiteFooter } from '../site-footer';
import { SkipLink } from '../skip-link';
import { LandingHeader } from './landing-header';

const FEATURES = [
  {
    title: 'A page for every month',
    body: 'Start each month with a name, the one measure you want to track (hours of sleep, pages read, kilometres run) and the habits you want to keep.',
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
  // Once the places are gone, the offer is no longer advertised.
  if (launchOffer && launchOffer.remaining <= 0) return null;
  return (
    <div className="mb-offer">
      <strong>
        {LAUNCH_OFFER.percentOff}% off for the first {LAUNCH_OFFER.customers} customers
      </strong>
      <p>
        {launchOffer
          ? `${launchOffer.remaining} ${launchOffer.remaining === 1 ? 'place' : 'places'} left at the launch price.`
          : 'The launch price applies automatically at checkout.'}
      </p>
    </div>
  );
}

export function LandingPage({ launchOffer }: LandingPageProps) {
  usePageTitle();
  return (
    <div className="mb-public">
      <SkipLink />
      <LandingHeader />
      <main id="main-content" tabIndex={-1}>
        <div className="mb-container mb-hero">
          <h1>Your year, kept one month at a time</h1>
          <p className="mb-lead">
            Monthbook is a personal journal organised by month: a highlight a day, one measure to
            track, the habits you want to keep and the goals you want to reach.
          </p>
          <div className="mb-actions mb-actions-center">
            <Link to="/register" className="mb-button mb-button-large">
              Sign Up
            </Link>
            <a href="#demo" className="mb-button mb-button-outline mb-button-large">
              Watch the demo
            </a>
          </div>
        </div>

        <section id="about" aria-labelledby="about-title" className="mb-band mb-band-tinted">
          <div className="mb-container">
            <h2 id="about-title">About</h2>
            <div className="mb-grid mb-grid-3">
              {FEATURES.map((feature) => (
                <div key={feature.title} className="mb-feature">
                  <span className="mb-feature-icon">
                    <feature.icon size={24} />
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.body}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="demo" aria-labelledby="demo-title" className="mb-band">
          <div className="mb-container mb-container-narrow">
            <h2 id="demo-title">Demo</h2>
            <figure className="mb-figure">
              <video
                className="mb-demo-video"
                controls
                preload="none"
                aria-describedby="demo-caption"
              >
                <source src="/demo.webm" type="video/webm" />
                <track kind="captions" src="/demo-captions.vtt" srcLang="en" label="English" />
                Your browser cannot play this video.{' '}
                <a href="/demo.webm">Download the demo video</a>.
              </video>
              <figcaption id="demo-caption">
                A short walkthrough without sound: creating a month, writing a journal entry,
                ticking off habits and a goal.
              </figcaption>
            </figure>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-title" className="mb-band mb-band-tinted">
          <div className="mb-container">
            <h2 id="pricing-title">Pricing</h2>
            <OfferBanner launchOffer={launchOffer} />
            <PlanCards
              headingLevel={3}
              action={() => (
                <Link to="/register" className="mb-button">
                  Sign Up
                </Link>
              )}
            />
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
