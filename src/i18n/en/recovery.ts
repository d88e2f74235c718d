// English words of account recovery: the Settings email section, /forgot-password, /reset-password and /confirm-email.

export const recovery = {
  // /forgot-password
  forgotTitle: 'Reset your password',
  forgotIntro:
    'Type your username or the email address confirmed in your Settings. We email a link to choose a new password to the account’s confirmed address.',
  userOrEmail: 'Username or email',
  sendLink: 'Send reset link',
  noAddressNote:
    'An account without a confirmed email address cannot be reset this way: add one in Settings while you can still log in.',
  backToLogin: 'Back to login',
  requestFailed: 'The reset link could not be requested',
  // /reset-password
  resetTitle: 'Choose a new password',
  resetIntro: 'Every device signed in to your account will be signed out.',
  /** Said to every account: the page cannot know whether this one has private months. */
  resetPrivateMonths:
    'If your account has private months, they stay locked after this until you enter your recovery key in Settings. Your new password alone cannot open them.',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  setPassword: 'Set new password',
  /** The button below offers a new link, so this does not. */
  linkIncomplete: 'This link is incomplete. Open the link from the email again.',
  /** A used or expired link; the button below says what to do, so this does not. */
  linkDead: 'This link was already used or has expired.',
  checkingLink: 'Checking the link…',
  askNewLink: 'Ask for a new link',
  logIn: 'Log in',
  resetFailed: 'Failed to set the new password',
  // /confirm-email
  confirmTitle: 'Confirm your email address',
  confirming: 'Confirming your email address…',
  confirmed: (email: string) =>
    `${email} is now your account’s email address. If you forget your password, a reset link can be sent to it.`,
  confirmFailed: 'Your email address could not be confirmed',
  tryAgain: 'Try again',
  openSettings: 'Open Settings',
  // Settings section.
  emailTitle: 'Email address',
  emailDescription:
    'Optional. Used only to send you a link if you forget your password, and only once you have confirmed it. Never shared, never used for anything else.',
  loading: 'Loading…',
  loadFailed: 'Your email address could not be loaded',
  noEmail: 'No email address yet: a forgotten password cannot be reset.',
  confirmedEmail: 'Confirmed address',
  pendingEmail: (email: string) =>
    `Waiting for confirmation: ${email}. Open the link we sent there (it works for 24 hours).`,
  addEmail: 'Add an email address…',
  changeEmail: 'Change email address…',
  emailLabel: 'Email address',
  currentPassword: 'Current password',
  sendConfirmation: 'Send confirmation link',
  cancel: 'Cancel',
  confirmationSent: (email: string) => `Confirmation link sent to ${email}`,
  sendFailed: 'Failed to send the confirmation link',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;
