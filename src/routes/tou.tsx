// Terms of use (/tou, docs/product-rules.md section 2): a public, prerenderable page.
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../components/legal/legal-page';
import { TERMS_OF_USE } from '../components/legal/terms-of-use';
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export const Route = createFileRoute('/tou')({
  component: TermsPage,
});

function TermsPage() {
  const title = useTexts('site', site).termsOfUse;
  return <LegalPage title={title} sections={useTexts('terms', TERMS_OF_USE)} />;
}
