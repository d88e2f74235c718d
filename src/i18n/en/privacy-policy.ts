// Our Privacy policy (8 sections): what Monthbook stores, why, who else sees it and how to remove it.
import { CONTACT_EMAIL } from '../../../contract/rules.js';
import type { LegalSection } from './legal.js';

/** In English; a tuple, so a translation has the same sections (src/i18n). */
export const PRIVACY_POLICY = [
  {
    heading: 'Who we are',
    paragraphs: [
      `Monthbook is a small personal journaling service. For anything about your data, write to ${CONTACT_EMAIL}.`,
    ],
  },
  {
    heading: 'What we store',
    paragraphs: [
      'Your account: your username and a hash of your password (never the password itself).',
      'Your journal: the months you create with their measure and habits, your daily entries (highlight, measure value, habits practised) and your goals. They are stored in our database on our server.',
    ],
  },
  {
    heading: 'Why we store it',
    paragraphs: [
      'Only to run the service: to sign you in, to show you your journal and to know whether your plan is paid. We do not use your data for advertising or profiling.',
    ],
  },
  {
    heading: 'Payments',
    paragraphs: [
      'Payments are processed by Stripe. Stripe receives the details you enter on its checkout page and keeps them under its own privacy policy. We keep only a Stripe customer reference and whether your plan is active.',
    ],
  },
  {
    heading: 'Cookies and local storage',
    paragraphs: [
      'We set no tracking or advertising cookies and use no analytics. Your browser keeps your sign-in tokens, and the language you pick in the app, in its local storage; signing out removes them.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We do not sell, rent or share your data. It is seen only by you and, when needed to keep the service running or to answer your request, by us. We disclose it only if the law requires it.',
    ],
  },
  {
    heading: 'Keeping and deleting',
    paragraphs: [
      'Your data stays until you delete it or ask us to. You can delete months and entries at any time in the app; deleting a month deletes everything in it. To delete your whole account and all its data, write to us and we will do it within 30 days.',
    ],
  },
  {
    heading: 'Your rights and changes',
    paragraphs: [
      `You can ask us for a copy of your data, to correct it or to delete it at ${CONTACT_EMAIL}. If this policy changes, we will update the date above.`,
    ],
  },
] as const satisfies readonly LegalSection[];
