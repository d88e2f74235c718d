// Reminders in Chromium: Settings saves a time and zone; push on this device; a push delivered to the service worker (CDP) shows the reminder, and its 'write' action opens today's entry dialog.
import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PushPayload, ReminderSettings } from '../../contract/reminders.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

/** Where screenshots go when E2E_SCREENSHOTS names a folder (to look at the screens by eye). */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function reminderSettings(account: SeededAccount): Promise<ReminderSettings> {
  const response = await fetch(`${session().server.url}/api/account/reminders/`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ReminderSettings;
}

/** The app's service worker is installed and controls the page (it claims clients at once). */
async function workerReady(page: Page): Promise<void> {
  // Strings: the browser's globals are not in the tests' TypeScript.
  await expect
    .poll(
      () =>
        page.evaluate(
          'navigator.serviceWorker.ready.then((r) => r.active && r.active.state === "activated" && navigator.serviceWorker.controller !== null)',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Chromium's PushManager needs Google's push service, out of reach offline: subscribe() is
 * answered in the page with a subscription made of real P-256 keys (so the server's checks run)
 * and a made-up https endpoint. Everything else (permission, the service worker, the app's
 * requests) is the browser's own.
 */
async function stubPushService(page: Page): Promise<string> {
  const endpoint = `https://push.example.test/send/${randomBytes(8).toString('hex')}`;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const script = `(() => {
    const endpoint = ${JSON.stringify(endpoint)};
    const keys = ${JSON.stringify(keys)};
    // Kept across reloads, as the browser keeps a real subscription.
    const STORED = 'e2e-push-subscription';
    const make = (key) => ({
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key, userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORED);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options) {
      const key = options.applicationServerKey;
      const bytes = Array.from(new Uint8Array(key.buffer ? key.buffer : key));
      localStorage.setItem(STORED, JSON.stringify(bytes));
      return make(new Uint8Array(bytes).buffer);
    };
    PushManager.prototype.getSubscription = async () => {
      const saved = localStorage.getItem(STORED);
      return saved ? make(new Uint8Array(JSON.parse(saved)).buffer) : null;
    };
  })()`;
  await page.addInitScript({ content: script });
  return endpoint;
}

test.describe('reminders', () => {
  test('subscribes this device to push and saves; the settings stay after a reload', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('pushme'));
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(session().server.url, account),
      permissions: ['notifications'],
    });
    const endpoint = await stubPushService(page);
    await page.goto('/settings');
    await workerReady(page);
    const region = page.getByRole('region', { name: 'Reminders' });
    await visible(region.getByRole('button', { name: 'Save reminders' }), 20_000);

    await region.getByLabel(/^Daily reminder time/).fill('20:30');
    const zone = region.getByRole('textbox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Lisbon');
    await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
    await region.getByRole('switch', { name: 'By push on this device' }).check();
    await region.getByRole('button', { name: 'Save reminders' }).click();
    await visible(toast(page, 'Reminders saved'));

    expect(await reminderSettings(account)).toMatchObject({
      time: '20:30',
      time_zone: 'Europe/Lisbon',
      by_push: true,
      by_email: false,
      weekly_digest: false,
      language: 'en',
      push_subscriptions: 1,
    });
    expect(await page.evaluate('Notification.permission')).toBe('granted');

    await page.reload();
    await visible(region.getByRole('button', { name: 'Save reminders' }), 20_000);
    expect(await region.getByLabel(/^Daily reminder time/).inputValue()).toBe('20:30');
    expect(await region.getByRole('textbox', { name: 'Time zone' }).inputValue()).toBe(
      'Europe/Lisbon',
    );
    expect(await region.getByRole('switch', { name: 'By push on this device' }).isChecked()).toBe(
      true,
    );

    // Off again: this device unsubscribes and the server forgets its endpoint.
    await region.getByRole('switch', { name: 'By push on this device' }).uncheck();
    await region.getByRole('button', { name: 'No daily reminder' }).click();
    await region.getByRole('button', { name: 'Save reminders' }).click();
    await expect.poll(async () => (await reminderSettings(account)).push_subscriptions).toBe(0);
    expect(endpoint).toMatch(/^https:/);
  });

  test("a push delivered to the service worker shows the reminder; its 'write' action opens today's entry dialog", async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('pushed'));
    // Today's month (the page runs in UTC): a month whose calendar month is another sends today's
    // entry to the month holding today, or offers to create it.
    const thisMonth = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const { month } = await seedMonth(session().server.url, account, thisMonth, 'Pages', ['Read']);
    const context = await session().browser.newContext({
      baseURL: session().server.url,
      timezoneId: 'UTC',
      viewport: VIEWPORTS.desktop,
      storageState: loggedInStorage(session().server.url, account),
      permissions: ['notifications'],
    });
    try {
      const page = await context.newPage();
      await page.goto('/months');
      await workerReady(page);

      // The worker's registration, as DevTools sees it.
      const cdp = await context.newCDPSession(page);
      const origin = new URL(session().server.url).origin;
      const registration = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const registrationId = await registration;

      const payload: PushPayload = {
        type: 'daily-reminder',
        title: 'Time to write',
        body: 'You have not written today yet.',
        url: `/months/${month.id}/journals?write=today`,
        action_title: 'Write today’s entry',
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(payload),
      });

      // The notification the worker showed: title, body, the one action and where it leads.
      const notifications = () =>
        page.evaluate(`navigator.serviceWorker.ready
          .then((r) => r.getNotifications())
          .then((found) => found.map((n) => ({
            title: n.title, body: n.body, icon: n.icon, tag: n.tag,
            actions: n.actions, data: n.data,
          })))`);
      await expect.poll(notifications, { timeout: 10_000 }).toHaveLength(1);
      expect(await notifications()).toEqual([
        {
          title: 'Time to write',
          body: 'You have not written today yet.',
          icon: `${origin}/icons/icon-192.png`,
          tag: 'daily-reminder',
          actions: [expect.objectContaining({ action: 'write', title: 'Write today’s entry' })],
          data: { url: `${origin}/months/${month.id}/journals?write=today` },
        },
      ]);

      // Nothing clicks an OS notification in headless Chromium: the worker gets the click the
      // platform would send, for the notification it showed, with the 'write' action.
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      // A string: the tests' TypeScript has no ServiceWorkerGlobalScope.
      await worker.evaluate(`(async () => {
        const [notification] = await self.registration.getNotifications();
        self.dispatchEvent(
          new NotificationEvent('notificationclick', { notification, action: 'write' }),
        );
      })()`);

      // The open window is taken to today's entry: the dialog opens and the request leaves the URL.
      const dialog = page.getByRole('dialog', { name: 'Create a Register' });
      await visible(dialog, 20_000);
      await path(page, `/months/${month.id}/journals`);
      expect(new URL(page.url()).search).toBe('');
      const today = await page.evaluate(`(() => {
        const now = new Date();
        const pad = (value) => String(value).padStart(2, '0');
        return now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());
      })()`);
      expect(await dialog.getByLabel(/^Date/).inputValue()).toBe(today);
      expect(
        await page.evaluate(
          'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => n.length)',
        ),
      ).toBe(0);
    } finally {
      await context.close();
    }
  });

  for (const [name, viewport, colorScheme, locale] of [
    ['390 px, light, en', VIEWPORTS.phone, 'light', 'en-US'],
    ['390 px, dark, pt-BR', VIEWPORTS.phone, 'dark', 'pt-BR'],
    ['1280 px, light, pt-BR', VIEWPORTS.desktop, 'light', 'pt-BR'],
    ['1280 px, dark, en', VIEWPORTS.desktop, 'dark', 'en-US'],
  ] as const)
    test(`Settings with Reminders passes axe (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('axerem'));
      const page = await session().newPage(viewport, {
        colorScheme,
        locale,
        bypassCSP: true,
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await page.goto('/settings');
      const pt = locale === 'pt-BR';
      const save = pt ? 'Salvar lembretes' : 'Save reminders';
      await visible(page.getByRole('button', { name: save }), 20_000);
      const region = page.getByRole('region', { name: pt ? 'Lembretes' : 'Reminders' });
      const tag = name.replace(/[^a-z0-9]+/gi, '-');
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        viewport.width,
      );
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/settings-${tag}.png`, fullPage: true });
        await region.screenshot({ path: `${SHOTS}/settings-reminders-${tag}.png` });
      }
      // A time with no way to reach the person: the form's own error state.
      await region
        .getByLabel(pt ? /^Horário do lembrete diário/ : /^Daily reminder time/)
        .fill('20:00');
      await region.getByRole('button', { name: save }).click();
      await visible(region.getByRole('alert'));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      if (SHOTS) await region.screenshot({ path: `${SHOTS}/settings-reminders-error-${tag}.png` });
    });
});
