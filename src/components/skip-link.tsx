// Lets keyboard users jump past the header's links straight to the page's main content.
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export function SkipLink() {
  const t = useTexts('site', site);
  return (
    <a href="#main-content" className="mb-skip-link">
      {t.skipLink}
    </a>
  );
}
