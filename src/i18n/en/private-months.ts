// English words of private months: the Settings section that sets up the account key, shows its recovery key, and opens the key on a device.

export const privateMonths = {
  title: 'Private months',
  description:
    'A private month is encrypted on this device before it is sent, and only your devices can decrypt it: no one else can read it, not even Monthbook.',
  howItWorks:
    'Its key is made from your password, with a recovery key that only you keep: 24 words, or a file.',
  notYet: 'A month is made private from its Edit dialog, once this is set up.',
  loading: 'Loading…',
  loadFailed: 'Whether private months are set up could not be loaded',
  tryAgain: 'Try again',
  // Before setup: what the user accepts.
  resetWarning:
    'If you reset your password by email, your private months stay locked until you enter your recovery key.',
  lossWarning:
    'Without both your password and your recovery key, the content of your private months is lost for good: no one can recover it, not even Monthbook.',
  setUp: 'Set up private months…',
  // Set up.
  isSetUp: 'Private months are set up on this account.',
  newKeyWarning:
    'A new recovery key replaces the one you have: once it is saved, the old words stop working.',
  showNewKey: 'Show a new recovery key…',
  // Whether they are open on this device.
  openHere: 'Open on this device: your private months’ key is kept here until you log out.',
  lockedHere:
    'Locked on this device. Your password opens them; after a reset by email, your recovery key does.',
  unlockPasswordLabel: 'Your password',
  unlock: 'Open private months',
  passwordDoesNotOpen:
    'This password does not open your private months. If you reset your password by email, use your recovery key instead.',
  useRecoveryKey: 'Use my recovery key instead',
  usePassword: 'Use my password instead',
  needsRecoveryKey:
    'Your password does not open your private months: it was reset by email. They stay locked until you enter your recovery key; after that, your password opens them again.',
  recoveryWordsLabel: 'The 24 words of your recovery key',
  recoveryWordsHint: 'In order, separated by spaces or new lines.',
  chooseFile: 'Or choose your recovery file…',
  fileChosen: (name: string) => `Recovery file: ${name}`,
  removeFile: 'Type the words instead',
  recoveryPasswordLabel: 'Your current password',
  recoveryPasswordHint: 'Your private months’ key is put under it, so it opens them from now on.',
  openWithRecoveryKey: 'Open with the recovery key',
  noRecoveryKey: 'Type the 24 words of your recovery key, or choose your recovery file.',
  wordCount: 'A recovery key is 24 words: check that none is missing or extra.',
  /** `positions`: the words' places, already listed ("3, 7"); `count`: how many. */
  unknownWords: (positions: string, count: number) =>
    count === 1
      ? `Word ${positions} is not a recovery word: check its spelling.`
      : `Words ${positions} are not recovery words: check their spelling.`,
  checksum: 'One of these words is wrong: check them against your copy.',
  notARecoveryFile: 'This is not a Monthbook recovery file.',
  wrongRecoveryKey:
    'This recovery key does not open your private months: it is another account’s, or one replaced since by a new recovery key.',
  openedHere: 'Your private months are open on this device.',
  recovered:
    'Your private months are open on this device, and your password opens them again from now on.',
  recoveryChangedElsewhere:
    'Your keys were changed from another device in the meantime, so nothing was replaced. Try again.',
  // The dialog.
  setUpTitle: 'Set up private months',
  newKeyTitle: 'A new recovery key',
  nothingStoredYet:
    'Nothing is stored until you have written down your recovery key and checked it. Closing before that leaves everything as it was.',
  passwordLabel: 'Current password',
  passwordForSetUp: 'Your private months’ key is made from it on this device.',
  passwordForNewKey: 'It opens your private months’ key on this device.',
  incorrectPassword: 'Incorrect password.',
  checkFailed: 'Your password could not be checked. Check your connection and try again.',
  makeKey: 'Continue',
  working: 'Making your keys: this takes a moment…',
  opening: 'Opening your key: this takes a moment…',
  keyFailed: 'Your key could not be made or opened on this device. Reload the page and try again.',
  keyTitle: 'Your recovery key',
  keyIntro:
    'Write these 24 words down in order, or save them as a file, and keep them somewhere safe, away from this device. They are shown only this once.',
  wordsLabel: 'The 24 words of your recovery key',
  copyWords: 'Copy the words',
  copied: 'Copied',
  saveFile: 'Save as a file',
  fileComments: [
    'Monthbook recovery key: it opens your private months if you forget your password.',
    'Keep it safe and private, away from the device you write on.',
  ],
  keptIt: 'I have kept it',
  checkTitle: 'Check your recovery key',
  checkIntro: 'Type these three words of your recovery key, from your copy.',
  wordLabel: (position: number) => `Word ${position}`,
  wrongWord: (position: number) => `This is not word ${position} of your recovery key.`,
  backToWords: 'Show the words again',
  finish: 'Check and save',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close',
  saveFailed: 'Your keys could not be saved. Check your connection and try again.',
  // After the dialog, in the section.
  setUpDone: 'Private months are set up. Keep your recovery key safe.',
  newKeyDone: 'Your new recovery key is saved: the old words no longer work.',
  setUpCancelled: 'Nothing was stored: private months are not set up.',
  newKeyCancelled: 'Nothing was changed: your recovery key is the one you had.',
  setUpElsewhere:
    'Private months were set up from another device in the meantime, so nothing from this device was stored. The recovery key that device showed is the one to keep.',
  changedElsewhere:
    'Your keys were changed from another device in the meantime, so nothing was replaced. Try again to make a new recovery key.',
} as const;
