// English words of reminders: the Settings reminders section and the /unsubscribe page.

export const reminders = {
  // Settings section.
  title: 'Reminders',
  description:
    'A nudge to write, sent only on days you have not written yet. It never contains anything you wrote.',
  loading: 'Loading your reminders…',
  loadFailed: 'Your reminders could not be loaded',
  tryAgain: 'Try again',
  timeLabel: 'Daily reminder time',
  timeDescription: 'Leave it empty for no daily reminder.',
  clearTime: 'No daily reminder',
  zoneLabel: 'Time zone',
  zonePlaceholder: 'Search time zones',
  zoneNothingFound: 'No time zone matches',
  deviceZone: (zone: string) => `This device is in ${zone}.`,
  chooseDeviceZone: (zone: string) => `Use ${zone}`,
  channels: 'How to remind you',
  pushLabel: 'By push on this device',
  pushDescription:
    'A notification in this browser, with a button that opens today’s entry. Your browser asks for permission first.',
  pushUnsupported:
    'This browser cannot receive push notifications. On iPhone and iPad, add Monthbook to the Home Screen and open it from there.',
  pushDenied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  pushRefused: 'Notifications were not allowed, so push reminders stay off.',
  pushNoWorker: 'This page is not ready for notifications yet. Reload it and try again.',
  pushFailed: 'This device could not be subscribed to notifications. Try again later.',
  otherDevices: (count: number) =>
    `${count} other ${count === 1 ? 'device gets' : 'devices get'} push reminders too.`,
  emailLabel: 'By email',
  emailTo: (address: string) => `To ${address}.`,
  emailNeedsAddress: 'Email reminders need a confirmed email address.',
  goToEmail: 'Add one under Email address',
  digestLabel: 'Weekly digest email',
  digestDescription:
    'Monday mornings: how many entries you wrote, your habit streaks and each measure’s trend. Off unless you turn it on.',
  noChannel: 'Choose push on this device or email, or no reminder can reach you.',
  language: (name: string) => `Reminders are written in ${name}, the language of this page.`,
  languageNames: { en: 'English', ptBR: 'Portuguese (Brazil)' },
  save: 'Save reminders',
  saved: 'Reminders saved',
  /** The rest was saved; the switch's own message says why push failed. */
  savedExceptPush: 'Reminders saved, except push on this device: it could not be turned on.',
  savedState: '✓ Saved',
  saveFailed: 'Your reminders could not be saved',
  // /unsubscribe
  unsubscribeTitle: 'Unsubscribe from emails',
  unsubscribeReminder:
    'This stops the daily reminder emails. Your account, your journal and any push reminders stay as they are.',
  unsubscribeDigest:
    'This stops the weekly digest email. Your account, your journal and your daily reminders stay as they are.',
  unsubscribeAny:
    'This stops the kind of Monthbook email this link came in (daily reminders or the weekly digest). Your account and your journal stay as they are.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribeIncomplete:
    'This link is incomplete. Open the link from the email again, or turn emails off in Settings.',
  unsubscribeFailed: 'You could not be unsubscribed right now. Try again in a few minutes.',
  openSettings: 'Open Settings',
} as const;
