// Footer of the public pages: contact address, legal links and the copyright line (spec §2, §9).
import { Link } from '@tanstack/react-router';
import { CONTACT_EMAIL } from '../../contract/rules';
import { TEXTS } from '../texts';

export function SiteFooter() {
  return (
    <footer className="mb-container">
      <div className="mb-footer-row">
        <span>
          Contact: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </span>
        <nav aria-label="Legal">
          <Link to="/tou">Terms of use</Link>
          <Link to="/pp">Privacy policy</Link>
        </nav>
        <span>© {TEXTS.copyrightYear} Monthbook</span>
      </div>
    </footer>
  );
}
