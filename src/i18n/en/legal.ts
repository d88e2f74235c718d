// English frame of the legal pages (/tou and /pp, docs/product-rules.md section 2); their sections
// are in src/components/legal.

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export const legal = {
  back: '← Back',
  lastUpdated: 'Last updated:',
  /** Fixed date (docs/product-rules.md sections 2 and 9). */
  date: 'August 28, 2024',
  /** Shown only in another language: which version binds. */
  translationNote: '',
} as const;
