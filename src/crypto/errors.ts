// The two ways opening fails, kept apart so a screen can tell "that password is wrong" from "this item is damaged".

/** What the user typed does not open the account key: ask again, nothing is damaged. */
export class WrongKeyError extends Error {
  override readonly name = 'WrongKeyError';
  /** Which secret was tried. */
  readonly secret: 'password' | 'recovery-key';

  constructor(secret: 'password' | 'recovery-key') {
    super(
      secret === 'password'
        ? 'The password does not open the private months.'
        : 'The recovery key does not open the private months.',
    );
    this.secret = secret;
  }
}

/**
 * An envelope that cannot be opened with the right key: it is not an envelope (`malformed`), is of
 * a format this code does not know (`version`), or fails authentication (`forged`: altered, or
 * sealed for another item, kind or month). Asking the user again cannot help.
 */
export class UndecryptableError extends Error {
  override readonly name = 'UndecryptableError';
  readonly reason: 'malformed' | 'version' | 'forged';

  constructor(reason: 'malformed' | 'version' | 'forged', detail?: string) {
    super(`This content cannot be decrypted (${reason}${detail ? `: ${detail}` : ''}).`);
    this.reason = reason;
  }
}
