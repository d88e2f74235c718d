// Layout of the legal pages (/tou and /pp, docs/product-rules.md section 2): title, date, numbered
// sections and a Back link. Plain markup styled by global.css, like the landing page, so it
// prerenders and ships little code.
import { Link } from '@tanstack/react-router';
import { type LegalSection, legal } from '../../i18n/en/legal';
import { useTexts } from '../../i18n/store';
import { Brand } from '../brand';
import { usePageTitle } from '../page-title';
import { SiteFooter } from '../site-footer';

interface LegalPageProps {
  title: string;
  sections: readonly LegalSection[];
}

export function LegalPage({ title, sections }: LegalPageProps) {
  const t = useTexts('legal', legal);
  usePageTitle(title);
  return (
    <div className="mb-public">
      <header className="mb-header">
        <div className="mb-container mb-container-narrow mb-header-row">
          <Brand />
        </div>
      </header>
      <main className="mb-container mb-container-narrow mb-legal">
        <Link to="/">{t.back}</Link>
        <h1>{title}</h1>
        <p>
          {t.lastUpdated} {t.date}
        </p>
        {t.translationNote && <p>{t.translationNote}</p>}
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`section-${index + 1}`}>
            <h2 id={`section-${index + 1}`}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}
