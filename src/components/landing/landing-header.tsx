// Landing top bar: in-page links to Pricing, About and Demo (smooth scroll via CSS), Login and Sign Up,
// or, for someone signed in, Open Monthbook.
import { Link } from '@tanstack/react-router';
import { landing } from '../../i18n/en/landing';
import { useTexts } from '../../i18n/store';
import { Brand } from '../brand';

const SECTIONS = ['pricing', 'about', 'demo'] as const;

/** Rendered twice (inline on wide screens, as a second row on narrow ones); CSS shows only one. */
function SectionLinks({ variant }: { variant: 'wide' | 'narrow' }) {
  const t = useTexts('landing', landing);
  return (
    <nav aria-label={t.sectionsLabel} className={`mb-section-links mb-section-links-${variant}`}>
      {SECTIONS.map((section) => (
        <a key={section} href={`#${section}`}>
          {t[section]}
        </a>
      ))}
    </nav>
  );
}

export function LandingHeader({ signedIn }: { signedIn: boolean }) {
  const t = useTexts('landing', landing);
  return (
    <header className="mb-header">
      <div className="mb-container">
        <div className="mb-header-row">
          <Brand />
          <SectionLinks variant="wide" />
          <div className="mb-actions">
            {signedIn ? (
              <Link to="/months" className="mb-button">
                {t.openApp}
              </Link>
            ) : (
              <>
                <Link to="/login" className="mb-button mb-button-subtle">
                  {t.login}
                </Link>
                <Link to="/register" className="mb-button">
                  {t.signUp}
                </Link>
              </>
            )}
          </div>
        </div>
        <SectionLinks variant="narrow" />
      </div>
    </header>
  );
}
