// Footer of the public pages: contact address, legal links and the copyright line
// (docs/product-rules.md sections 2 and 9).
import { Link } from '@tanstack/react-router';
import { CONTACT_EMAIL } from '../../contract/rules';
import { COPYRIGHT_YEAR, site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export function SiteFooter() {
  const t = useTexts('site', site);
  return (
    <footer className="mb-container">
      <div className="mb-footer-row">
        <span>
          {t.contact} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </span>
        <nav aria-label={t.legalLinks}>
          <Link to="/tou">{t.termsOfUse}</Link>
          <Link to="/pp">{t.privacyPolicy}</Link>
        </nav>
        <span>© {COPYRIGHT_YEAR} Monthbook</span>
      </div>
    </footer>
  );
}
