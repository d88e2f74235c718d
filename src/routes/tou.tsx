// Terms of use (spec §2 /tou): a public, prerenderable page.
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../components/legal/legal-page';
import { TERMS_OF_USE } from '../components/legal/terms-of-use';

export const Route = createFileRoute('/tou')({
  component: () => <LegalPage title="Terms of use" sections={TERMS_OF_USE} />,
});
