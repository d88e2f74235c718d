// The search box's words (not the spec's: ours, kept together for translation).

export const SEARCH_TEXTS = {
  open: 'Search entries',
  button: 'Search',
  title: 'Search entries',
  label: 'Words in the highlight or note',
  placeholder: 'e.g. café with Ana',
  hint: 'Finds entries of every month whose highlight or note has all these words. Case and accents do not matter.',
  searching: 'Searching…',
  failed: 'The search failed. Check your connection and try again.',
  retry: 'Try again',
  results: 'Search results',
  none: (words: string) => `No entries match “${words}”.`,
  found: (count: number) => (count === 1 ? '1 entry found' : `${count} entries found`),
  /** Pages shown so far, with more to load. */
  more: (count: number) => `The ${count} most recent matches; more below`,
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  filters: 'Filter by date',
  year: 'Year',
  month: 'Month',
  anyYear: 'Any year',
  anyMonth: 'Any month',
  tooShort: 'Type a word of at least 2 letters: single letters are left out.',
  tooMany: (max: number) => `Use at most ${max} words.`,
  // Private months, which the server cannot search: searched on this device.
  privateTitle: 'In your private months (searched on this device)',
  privateSearching: 'Searching your private months…',
  privateNone: 'No entry of your private months matches.',
  /** The server's answer, when the private months are listed apart. */
  noneElsewhere: 'No entry of your other months matches.',
  privateLocked:
    'Your private months are locked on this device, so their entries were not searched. Open them in Settings.',
  privateFailed: 'Your private months could not be searched. Check your connection and try again.',
  privateMore: 'More from your private months',
} as const;
