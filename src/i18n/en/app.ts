// English words of the app screens' frame and of the months and subscribe screens (spec §2).

export const app = {
  // Navbar (spec §2).
  journals: 'Journals',
  months: 'Months',
  billing: 'Billing',
  feedback: 'Feedback',
  feedbackBody: 'Questions, ideas or something broken? Write to us:',
  settings: 'Settings',
  logout: 'Logout',
  mainNav: 'Main',
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  // Error and not-found pages.
  errorTitle: 'Something went wrong',
  errorFallback: 'The page could not be loaded.',
  tryAgain: 'Try again',
  notFoundPageTitle: 'Page not found',
  /** Spec §2 '*'. */
  notFoundTitle: '404 Not Found',
  notFoundBody: 'The page you requested could not be found.',
  goHome: 'Go to the home page',
  // Subscribe.
  choosePlan: 'Choose your plan',
  choosePlanIntro: 'Pick a plan to start writing. Payments are handled securely by Stripe.',
  // Months (spec §2 /months).
  addMonth: 'Add New Month +',
  createMonth: 'Create a Month',
  addHabit: 'Add Habit +',
  noMonths: 'No months yet. Add your first month to start your journal.',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  editMonth: 'Edit month',
  editMonthNamed: (name: string) => `Edit month ${name}`,
  deleteMonth: 'Delete month',
  deleteMonthNamed: (name: string) => `Delete month ${name}`,
  thisMonth: 'this month',
  deleteMonthQuestion: (name: string) =>
    `Delete ${name} with all its journal entries and goals? This cannot be undone.`,
  monthField: 'Month',
} as const;
