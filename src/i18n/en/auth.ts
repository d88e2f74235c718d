// English words of the login and register pages (docs/product-rules.md sections 2 and 8).

export const auth = {
  login: 'Login',
  register: 'Register',
  user: 'User',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  usernameHint: 'At least 8 characters.',
  passwordHint:
    'At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&.',
  noAccount: 'No account yet?',
  haveAccount: 'Already have an account?',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  /** Any login or register failure (docs/product-rules.md section 8). */
  badLogin: 'Invalid username or password. Please try again.',
  /** A 429 (too many attempts), N from the server's Retry-After. */
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  tooManyAttemptsLater: 'Too many attempts. Try again later.',
  /** On /login right after registering. */
  accountCreated: 'Account created — log in',
  /** /register with a live session. */
  alreadySignedIn: 'You are already signed in',
  alreadySignedInBody:
    'Creating another account signs you out of this one on this device. Your months stay in your account.',
  openApp: 'Open Monthbook',
  signOutAndRegister: 'Log out and create an account',
  /** The link to /forgot-password under the password. */
  forgotPassword: 'Forgot password?',
} as const;
