// What the app says about being offline (not spec text: Monthbook's own words for feature 8 of issue 6).
export const OFFLINE_TEXTS = {
  bannerTitle: 'You are offline',
  bannerBody: "Showing the data saved on this device. Changes can't be saved until you reconnect.",
  /** A write refused while offline: the toast's message under the screen's own failure title. */
  writeRefused: "You are offline. Changes can't be saved until you reconnect.",
  /** A read of something never saved on this device, shown by the screen's error page. */
  readUnavailable:
    'You are offline, and this page is not saved on this device. Connect to the internet to open it.',
} as const;
