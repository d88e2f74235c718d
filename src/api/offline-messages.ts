// The English words of an API call refused while offline; the screens show them through
// translateMessage (src/i18n/store.ts), as the server's own messages.
export const OFFLINE_MESSAGES = {
  /** A write that is not queued (account, months, the bin), refused while offline. */
  writeRefused: "You are offline. This change can't be saved until you reconnect.",
  /** A read of something never saved on this device, shown by the screen's error page. */
  readUnavailable:
    'You are offline, and this page is not saved on this device. Connect to the internet to open it.',
};
