// English words of a month's privacy, in its Edit month dialog: whether it is private, and making it so.

export const monthPrivacy = {
  title: 'Private month',
  isPrivate:
    'This month is private: its content is encrypted on this device before it is sent, and only your devices can read it.',
  makePrivateIntro:
    'Make it private: its name, habits, measures, goals and entries are encrypted on this device, and the server keeps only their dates. Search on the server, its CSV and the weekly digest’s figures then leave it out.',
  resetWarning:
    'If you reset your password by email, it stays locked until you enter your recovery key.',
  makePrivate: 'Make this month private',
  notSetUp: 'To make a month private, first set up private months in Settings.',
  lockedHere: 'Private months are locked on this device: open them in Settings first.',
  openSettings: 'Open Settings',
  offline: 'You are offline: a month can be made private once you are back online.',
  madePrivate:
    'This month is private now. Its items are being encrypted: keep this page open until the changes waiting to sync are sent.',
  failed: 'This month could not be made private',
  makePlain: 'Make this month plain again…',
  makePlainWarning:
    'Its name and everything in it are then sent to the server as they are, and kept there readable, as any month’s.',
  keepPrivate: 'Keep it private',
  confirmPlain: 'Make it plain',
  madePlain: 'This month is plain again.',
  plainFailed: 'This month could not be made plain again',
  notOpenHere:
    'Some of its items cannot be opened on this device, so it cannot be made plain here.',
  // The Create month dialog.
  newPrivate: 'Private month',
  newPrivateHint:
    'Its name and everything in it are encrypted on this device before they are sent. If you reset your password by email, it stays locked until you enter your recovery key.',
} as const;
