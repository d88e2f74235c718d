// Web push for the service worker (imported by the generated sw.js, vite.config.ts): shows a daily reminder with its
// 'Write today's entry' action, and a click opens the app at the payload's address (the journals page's ?write=today).
// The payload is contract/reminders.ts's PushPayload; it never carries entry text.
const FALLBACK_URL = '/months';
const ICON = '/icons/icon-192.png';

/** Only this app's own pages: a payload's address on another origin opens the months instead. */
function appUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : FALLBACK_URL, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(FALLBACK_URL, url).href;
  } catch {
    return new URL(FALLBACK_URL, self.location.origin).href;
  }
}

function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const text = (value, fallback) => (typeof value === 'string' && value !== '' ? value : fallback);
  const actionTitle = text(payload.action_title, '');
  // userVisibleOnly: every push must show a notification, so a malformed one still shows the app's name.
  event.waitUntil(
    self.registration.showNotification(text(payload.title, 'Monthbook'), {
      body: text(payload.body, ''),
      icon: ICON,
      // One reminder at a time: a later one replaces an unread earlier one.
      tag: text(payload.type, 'monthbook'),
      data: { url: appUrl(payload.url) },
      actions: actionTitle ? [{ action: 'write', title: actionTitle }] : [],
    }),
  );
});

/** Focuses a window of the app and takes it to `url`, or opens one. */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focus first: the click's permission to raise a window lasts only a moment.
    const focused = await open.focus().catch(() => open);
    try {
      if (await focused.navigate(url)) return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one opens instead.
    }
  }
  await self.clients.openWindow(url);
}

// The action ('write') and a click on the notification itself go to the same place.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(appUrl(event.notification.data?.url)));
});
