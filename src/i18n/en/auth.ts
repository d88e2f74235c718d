// English words of the login and register pages (spec §2, §8).

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
  /** Spec §8: any login or register failure. */
  badLogin: 'Invalid username or password. Please try again.',
} as const;
