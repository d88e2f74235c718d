// Landing top bar: in-page links to Pricing, About and Demo (smooth scroll via CSS), Login and Sign Up.
import { Link } from '@tanstack/react-router';
import { Brand } from '../brand';

const SECTIONS = [
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
  { href: '#demo', label: 'Demo' },
] as const;

/** Rendered twice (inline on wide screens, as a second row on narrow ones); CSS shows only one. */
function SectionLinks({ variant }: { variant: 'wide' | 'narrow' }) {
  return (
    <nav aria-label="Sections" className={`mb-section-links mb-section-links-${variant}`}>
      {SECTIONS.map((section) => (
        <a key={section.href} href={section.href}>
          {section.label}
        </a>
      ))}
    </nav>
  );
}

export function LandingHeader() {
  return (
    <header className="mb-header">
      <div className="mb-container">
        <div className="mb-header-row">
          <Brand />
          <SectionLinks variant="wide" />
          <div className="mb-actions">
            <Link to="/login" className="mb-button mb-button-subtle">
              Login
            </Link>
            <Link to="/register" className="mb-button">
              Sign Up
            </Link>
          </div>
        </div>
        <SectionLinks variant="narrow" />
      </div>
    </header>
  );
}
