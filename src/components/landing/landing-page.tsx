// The marketing page ('/', docs/product-rules.md section 2): a pure render of constants and the
// launch offer, so it prerenders.
import { Link } from '@tanstack/react-router';
import type { LaunchOffer } from '../../../contract/entities';
import { landing } from '../../i18n/en/landing';
import { useTexts } from '../../i18n/store';
import { BellIcon, BookIcon, CalendarIcon, CheckIcon, GridIcon, PencilIcon } from '../icons';
import { usePageTitle } from '../page-title';
import { PlanCards, PlanTerms } from '../plan-cards';
import { SiteFooter } from '../site-footer';
import { SkipLink } from '../skip-link';
import { LandingHeader } from './landing-header';
import { OfferBanner } from './offer-banner';

const FEATURE_ICONS = [BookIcon, PencilIcon, CheckIcon, CalendarIcon, GridIcon, BellIcon] as const;

export interface LandingPageProps {
  /** Live offer from the server, or null to show the static wording. */
  launchOffer: LaunchOffer | null;
  /** A live session is stored: the calls to action open the app instead of registering again. */
  signedIn?: boolean;
}

/** 'Sign Up' (→ /register), or for someone signed in 'Open Monthbook' (→ /months): /register would sign them out. */
function SignUpLink({ signedIn, large = false }: { signedIn: boolean; large?: boolean }) {
  const t = useTexts('landing', landing);
  const className = large ? 'mb-button mb-button-large' : 'mb-button';
  return signedIn ? (
    <Link to="/months" className={className}>
      {t.openApp}
    </Link>
  ) : (
    <Link to="/register" className={className}>
      {t.signUp}
    </Link>
  );
}

export function LandingPage({ launchOffer, signedIn = false }: LandingPageProps) {
  const t = useTexts('landing', landing);
  usePageTitle();
  return (
    <div className="mb-public">
      <SkipLink />
      <LandingHeader signedIn={signedIn} />
      <main id="main-content" tabIndex={-1}>
        <div className="mb-container mb-hero">
          <h1>{t.heroTitle}</h1>
          <p className="mb-lead">{t.lead}</p>
          <div className="mb-actions mb-actions-center">
            <SignUpLink signedIn={signedIn} large />
            <a href="#demo" className="mb-button mb-button-outline mb-button-large">
              {t.watchDemo}
            </a>
          </div>
        </div>

        <section id="about" aria-labelledby="about-title" className="mb-band mb-band-tinted">
          <div className="mb-container">
            <h2 id="about-title">{t.about}</h2>
            <div className="mb-grid mb-grid-3">
              {t.features.map((feature, index) => {
                const Icon = FEATURE_ICONS[index] ?? BookIcon;
                return (
                  <div key={feature.title} className="mb-feature">
                    <span className="mb-feature-icon">
                      <Icon size={24} />
                    </span>
                    <h3>{feature.title}</h3>
                    <p>{feature.body}</p>
                  </div>
                );
              })}
            </div>
          </div>
        </section>

        <section id="demo" aria-labelledby="demo-title" className="mb-band">
          <div className="mb-container mb-container-narrow">
            <h2 id="demo-title">{t.demo}</h2>
            <figure className="mb-figure">
              <video
                className="mb-demo-video"
                controls
                preload="none"
                // The app at the demo's end: without it the video is a grey box until played.
                poster="/demo-poster.jpg"
                aria-describedby="demo-caption"
              >
                <source src="/demo.webm" type="video/webm" />
                <track kind="captions" src="/demo-captions.vtt" srcLang="en" label="English" />
                {t.videoUnsupported} <a href="/demo.webm">{t.downloadVideo}</a>.
              </video>
              <figcaption id="demo-caption">{t.videoCaption}</figcaption>
            </figure>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-title" className="mb-band mb-band-tinted">
          <div className="mb-container">
            <h2 id="pricing-title">{t.pricing}</h2>
            <OfferBanner launchOffer={launchOffer} />
            <PlanCards
              headingLevel={3}
              action={() => <SignUpLink signedIn={signedIn} />}
              note={(plan) =>
                launchOffer && <PlanTerms plan={plan} offerOpen={launchOffer.remaining > 0} />
              }
            />
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
