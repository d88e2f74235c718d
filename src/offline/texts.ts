// What the app says about being offline and about changes waiting to sync.
import { OFFLINE_MESSAGES } from '../api/offline-messages.js';

/** What one queued write did, after the name of what it changed ("Entry of Jan 9: edited"). */
const CHANGE_NAMES = {
  'journal.create': 'new entry',
  'journal.update': 'edited',
  'journal.delete': 'deleted',
  'goal.create': 'new goal',
  'goal.update': 'edited',
  'goal.delete': 'deleted',
  'month.create': 'new month',
  'month.update': 'renamed',
  'month.delete': 'deleted',
  'habit.create': 'habit added',
  'habit.update': 'habit changed',
  'habit.delete': 'habit removed',
  'measure.create': 'measure added',
  'measure.update': 'measure changed',
  'measure.delete': 'measure removed',
  'trash.restore': 'restored',
} as Record<string, string>;

export const OFFLINE_TEXTS = {
  bannerTitle: 'You are offline',
  bannerBody:
    'Showing the data saved on this device. Your changes are kept here and sync when you reconnect.',
  writeRefused: OFFLINE_MESSAGES.writeRefused,
  readUnavailable: OFFLINE_MESSAGES.readUnavailable,
  /** The navbar's sync status. */
  allSaved: 'All changes saved',
  waiting: (count: number) =>
    count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`,
  syncFailed: 'Sync failed — retry',
  pendingTitle: 'Changes not yet on the server',
  waitingHint:
    'They are kept on this device and sent in order as soon as the server can be reached.',
  retryNow: 'Retry now',
  retry: 'Retry',
  discard: 'Discard',
  edit: 'Edit',
  refused: 'Refused by the server',
  sending: 'Sending…',
  queued: 'Waiting',
  /** A change another open tab of the app has waiting: that tab sends it, retries or drops it. */
  inAnotherTab: 'in another tab',
  /** Next to a card or row whose change is not on the server yet. */
  waitingMarker: 'Waiting to sync',
  refusedMarker: 'Not saved — see the changes waiting to sync',
  dependsOnUnsaved: 'This change depends on another one that was not saved.',
  /** A question about a change closed without an answer: the change waits, with its choices. */
  conflictUnanswered:
    'It was also changed on another device. Retry to choose which version to keep.',
  deletedUnanswered: 'It was deleted on another device. Retry to choose whether to restore it.',
  privateMonthLocked:
    'This month is private, and private months are locked on this device: open them in Settings, then retry.',
  privateRowUnreadable:
    'This item of a private month could not be opened on this device, so it cannot be changed here.',
  sessionEnded: 'Your session ended. Log in again to send your changes.',
  changeNames: CHANGE_NAMES,
  change: 'Change',
  /** The rows of the list of changes waiting to sync: what changed, then what was done to it. */
  entryOf: (date: string) => `Entry of ${date}`,
  anEntry: 'An entry',
  goalNamed: (name: string) => `Goal “${name}”`,
  aGoal: 'A goal',
  monthNamed: (name: string) => `Month “${name}”`,
  aMonth: 'A month',
  aHabit: 'a habit',
  aMeasure: 'a measure',
  ticked: (habit: string) => `ticked ${habit}`,
  unticked: (habit: string) => `unticked ${habit}`,
  skipped: (habit: string) => `skipped ${habit}`,
  measureValue: (measure: string, value: string) => `${measure} ${value}`,
  tickedGoal: 'ticked',
  untickedGoal: 'unticked',
  /** Logging out with unsent changes. */
  logoutTitle: 'Changes not yet synced',
  logoutBody: (count: number) =>
    count === 1
      ? '1 change is not on the server yet. Logging out deletes it from this device.'
      : `${count} changes are not on the server yet. Logging out deletes them from this device.`,
  syncFirst: 'Sync first',
  logoutAnyway: 'Log out anyway',
  cancel: 'Cancel',
};
