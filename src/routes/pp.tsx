// Privacy policy (spec §2 /pp): a public, prerenderable page.
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../components/legal/legal-page';
import { PRIVACY_POLICY } from '../components/legal/privacy-policy';

export const Route = createFileRoute('/pp')({
  component: () => <LegalPage title="Privacy policy" sections={PRIVACY_POLICY} />,
});
