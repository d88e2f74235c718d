// English words of the app screens' frame and of the months and subscribe screens
// (docs/product-rules.md section 2).
import { TRASH_DAYS } from '../../../contract/trash-rules.js';

export const app = {
  // Navbar (docs/product-rules.md section 2).
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
  /** The catch-all page ('*', docs/product-rules.md section 2). */
  notFoundTitle: '404 Not Found',
  notFoundBody: 'The page you requested could not be found.',
  goHome: 'Go to the home page',
  /** In-app not-found page. */
  goToMonths: 'Go to your months',
  /** An offline miss, instead of 'Something went wrong'. */
  offlineTitle: 'Not available offline',
  offlineBody: 'This page is not saved on this device. It loads once you are back online.',
  /** Navbar entry of someone who has not paid yet. */
  /** A screen's data lost on the way while the browser counts as online (a network error). */
  unreachable: 'Monthbook could not be reached. Check your connection and try again.',
  subscribe: 'Subscribe',
  /** Someone whose subscription ended: their journal stays readable, writing needs a plan again. */
  subscriptionEnded: 'Your subscription has ended',
  subscriptionEndedBody:
    'You can still read, search and export everything you wrote. Renew to add or change entries.',
  renew: 'Renew',
  /** Billing pressed by an account with no payment to manage. */
  noBillingAccount: 'Billing has nothing to show yet: no payment has been made with this account.',
  // Subscribe.
  choosePlan: 'Choose your plan',
  choosePlanIntro: 'Pick a plan to start writing. Payments are handled securely by Stripe.',
  /** Back from checkout's Cancel. */
  checkoutCanceled: 'No payment was made.',
  alreadyPaid: 'Already paid',
  alreadyPaidBody: 'Your payment went through: Monthbook is ready for you.',
  // Months (/months, docs/product-rules.md section 2).
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
    `Delete ${name} with all its journal entries and goals? It stays in Recently deleted (Settings) for ${TRASH_DAYS} days, where you can restore it.`,
  monthField: 'Month',
} as const;
