// English frame of the legal pages (spec §2 /tou, /pp); their sections are in src/components/legal.

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export const legal = {
  back: '← Back',
  lastUpdated: 'Last updated:',
  /** Spec §2/§9. */
  date: 'August 28, 2024',
  /** Shown only in another language: which version binds. */
  translationNote: '',
} as const;
