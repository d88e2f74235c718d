// Privacy policy (/pp, docs/product-rules.md section 2): a public, prerenderable page.
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../components/legal/legal-page';
import { PRIVACY_POLICY } from '../i18n/en/privacy-policy';
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export const Route = createFileRoute('/pp')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const title = useTexts('site', site).privacyPolicy;
  return <LegalPage title={title} sections={useTexts('privacy', PRIVACY_POLICY)} />;
}
