// Terms of use (/tou, docs/product-rules.md section 2): a public, prerenderable page.
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../components/legal/legal-page';
import { site } from '../i18n/en/site';
import { TERMS_OF_USE } from '../i18n/en/terms-of-use';
import { useTexts } from '../i18n/store';

export const Route = createFileRoute('/tou')({
  component: TermsPage,
});

function TermsPage() {
  const title = useTexts('site', site).termsOfUse;
  return <LegalPage title={title} sections={useTexts('terms', TERMS_OF_USE)} />;
}
