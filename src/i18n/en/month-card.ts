// English words of a month card's counts, apart so the months page loads only these.

export const monthCard = {
  entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
  goalsDone: (done: number, total: number) => `${done} of ${total} goals done`,
  /** A private month whose goals are not opened on this device: how many, not how many are done. */
  goals: (total: number) => (total === 1 ? '1 goal' : `${total} goals`),
  // The months page's year groups and quick filter.
  noPeriod: 'No calendar month',
  filterLabel: 'Find a month',
  filterHint: 'By name or year, such as “2019” or “March”.',
  monthCount: (count: number) => (count === 1 ? '1 month' : `${count} months`),
  filterCount: (shown: number, total: number) =>
    `${shown} of ${total} ${total === 1 ? 'month' : 'months'}`,
  noMatch: (filter: string) => `No month matches “${filter}”.`,
  // A private month's name that cannot be shown on this device.
  privateLocked: 'Private month (locked on this device)',
  privateUndecryptable: 'Private month (can’t be opened)',
} as const;
