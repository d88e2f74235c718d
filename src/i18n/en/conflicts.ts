// English words of the conflict dialogs: an edit that crossed another device's edit, or an item
// deleted elsewhere.

export const conflicts = {
  title: 'Changed on another device',
  body: (field: string) =>
    `This ${field} was changed on another device after you started editing. Which one should be kept?`,
  fields: {
    highlight: 'highlight',
    name: 'name',
    created_at: 'date',
    note: 'note',
    mood: 'mood',
    is_completed: 'goal',
    is_practiced: 'habit tick',
    metric: 'value',
  } as Record<string, string>,
  field: 'item',
  mine: 'Your version',
  theirs: 'The other version',
  keepMine: 'Keep mine',
  keepTheirs: 'Keep the other',
  keepBoth: 'Keep both',
  /** Why "Keep both" is off: the joined texts would pass the 255-character limit. */
  bothTooLong: (limit: number) =>
    `Both together would be longer than ${limit} characters. Copy what you need from one of them, then keep the other.`,
  yes: 'Yes',
  no: 'No',
  empty: '(empty)',
  deletedTitle: 'Deleted on another device',
  deletedBody:
    'You edited something that was deleted on another device. Restore it from Recently deleted and apply your change, or drop your change?',
  deletedNoRestore:
    'You edited something that was deleted on another device. Your change will be dropped.',
  restore: 'Restore and apply',
  drop: 'Drop my change',
} as const;
