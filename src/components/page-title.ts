// Names each screen in the browser tab (WCAG 2.4.2), e.g. "Months — Monthbook".
import { useDocumentTitle } from '@mantine/hooks';
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

/** `title` in the active language; none names the site itself. */
export function usePageTitle(title?: string): void {
  const t = useTexts('site', site);
  useDocumentTitle(title ? t.pageTitle(title) : t.siteTitle);
}
