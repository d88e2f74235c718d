// Names each screen in the browser tab (WCAG 2.4.2), e.g. "Months — Monthbook".
import { useDocumentTitle } from '@mantine/hooks';

export const SITE_TITLE = 'Monthbook — a journal organised by month';

export function usePageTitle(title?: string): void {
  useDocumentTitle(title ? `${title} — Monthbook` : SITE_TITLE);
}
