// English words of the marketing page (spec §2 '/').

export const landing = {
  sectionsLabel: 'Sections',
  pricing: 'Pricing',
  about: 'About',
  demo: 'Demo',
  login: 'Login',
  signUp: 'Sign Up',
  /** In place of Login and Sign Up with a live session (issue 15 #11). */
  openApp: 'Open Monthbook',
  heroTitle: 'Your year, kept one month at a time',
  lead: 'Monthbook is a personal journal organised by month: a highlight a day, one measure to track, the habits you want to keep and the goals you want to reach.',
  watchDemo: 'Watch the demo',
  features: [
    {
      title: 'A page for every month',
      body: 'Start each month with a name, the one measure you want to track (hours of sleep, pages read, kilometres run) and the habits you want to keep.',
    },
    {
      title: 'A few lines a day',
      body: 'Each journal entry holds the highlight of your day, the value of your measure and a tick for every habit you practised.',
    },
    {
      title: 'Goals you can tick off',
      body: 'Keep a short list of goals beside your entries and check them off as the month goes by.',
    },
  ],
  offer: (percentOff: number, customers: number) =>
    `${percentOff}% off for the first ${customers} customers`,
  placesLeft: (remaining: number) =>
    `${remaining} ${remaining === 1 ? 'place' : 'places'} left at the launch price.`,
  launchPriceAtCheckout: 'The launch price applies automatically at checkout.',
  videoUnsupported: 'Your browser cannot play this video.',
  downloadVideo: 'Download the demo video',
  videoCaption:
    'A short walkthrough without sound: creating a month, writing a journal entry, ticking off habits and a goal.',
} as const;
