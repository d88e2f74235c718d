// English words of the marketing page ('/', docs/product-rules.md section 2).

export const landing = {
  sectionsLabel: 'Sections',
  pricing: 'Pricing',
  about: 'About',
  demo: 'Demo',
  login: 'Login',
  signUp: 'Sign Up',
  /** In place of Login and Sign Up with a live session. */
  openApp: 'Open Monthbook',
  heroTitle: 'Your year, kept one month at a time',
  lead: 'Monthbook is a personal journal organised by month: a highlight a day, your mood and notes, the measures you track, the habits you want to keep and the goals you want to reach, with a calendar and a year view to look back on.',
  watchDemo: 'Watch the demo',
  features: [
    {
      title: 'A page for every month',
      body: 'Start each month with a name, the measures you want to track (hours of sleep, pages read, kilometres run) and the habits you want to keep: every day, on chosen weekdays or a few times a week.',
    },
    {
      title: 'A few lines a day',
      body: 'Each journal entry holds the highlight of your day, a longer note when you want one, your mood from awful to great, the value of each measure and a tick for every habit you practised.',
    },
    {
      title: 'Goals you can tick off',
      body: 'Keep a short list of goals beside your entries and check them off as the month goes by.',
    },
    {
      title: 'The month at a glance',
      body: 'A calendar shows the days you wrote and the habits you kept; charts follow your measures and your mood, and streaks count the habits you keep up.',
    },
    {
      title: 'Your year in one view',
      body: 'The year view puts every day of the year in one picture, by mood or by habits, with each measure month by month. Search finds any entry in all your months.',
    },
    {
      title: 'Offline, with reminders',
      body: 'Write without a connection: entries wait on your device and are sent once you are back online. Install it on your phone, and get a daily reminder by notification or email, and a weekly digest.',
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
