// Our Terms of use (7 sections): plain statements of what Monthbook offers and expects.
import { CONTACT_EMAIL } from '../../../contract/rules.js';
import type { LegalSection } from './legal.js';

/** In English; a tuple, so a translation has the same sections (src/i18n). */
export const TERMS_OF_USE = [
  {
    heading: 'The service',
    paragraphs: [
      'Monthbook is a personal journal organised by month. You create months, write daily entries with a highlight, a value for the month’s measure and your habits, and keep a list of goals. These terms apply to everyone who uses monthbook.app.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You need an account with a username and a password to use the journal. Keep your password to yourself: anyone who has it can read and change your journal. One account is for one person.',
    ],
  },
  {
    heading: 'Plans and payment',
    paragraphs: [
      'Access to the journal is paid. The Monthly plan costs 0.90 USD per month and renews until you cancel it from Billing; cancelling stops the next renewal and access ends when the paid month is over. The Pay Once plan costs a single payment and does not renew. Payments are handled by Stripe; we never see or store your card number.',
      'Launch offers such as the discount for the first customers apply only while they are shown on the site.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'What you write in Monthbook is yours. We store it only so that we can show it back to you. We do not publish it, sell it or use it to train anything, and we look at it only if you ask us to help with a problem.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not try to reach other people’s journals, overload or probe the service, or use it for anything unlawful. We may suspend an account that does so.',
    ],
  },
  {
    heading: 'Availability and liability',
    paragraphs: [
      'We work to keep Monthbook available and your data safe, but the service is provided as it is, without a guarantee that it will never be interrupted. To the extent the law allows, our liability is limited to the amount you paid us in the last twelve months.',
    ],
  },
  {
    heading: 'Changes and contact',
    paragraphs: [
      `If these terms change, we will update the date above and, for significant changes, tell you when you next sign in. Questions about these terms: ${CONTACT_EMAIL}.`,
    ],
  },
] as const satisfies readonly LegalSection[];
