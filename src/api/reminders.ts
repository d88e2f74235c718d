// Reminder settings and this account's push subscriptions (signed in), and the one-click mail unsubscribe (anonymous: the token is the proof).
import type {
  PushSubscriptionCreated,
  PushSubscriptionInput,
  ReminderSettings,
  ReminderSettingsInput,
  Unsubscribed,
} from '../../contract/reminders';
import { client } from './client';
import { publicHttp } from './http';

export function getReminderSettings(): Promise<ReminderSettings> {
  return client.get('api/account/reminders/').json<ReminderSettings>();
}

export function saveReminderSettings(body: ReminderSettingsInput): Promise<ReminderSettings> {
  return client.put('api/account/reminders/', { json: body }).json<ReminderSettings>();
}

/** Idempotent on the endpoint: sending this device's subscription again changes nothing. */
export function addPushSubscription(body: PushSubscriptionInput): Promise<PushSubscriptionCreated> {
  return client
    .post('api/account/push-subscriptions/', { json: body })
    .json<PushSubscriptionCreated>();
}

export async function removePushSubscription(endpoint: string): Promise<void> {
  await client.delete('api/account/push-subscriptions/', { json: { endpoint } });
}

/** The body RFC 8058 mail clients send; the browser page sends the same. */
export function unsubscribeMail(token: string): Promise<Unsubscribed> {
  return publicHttp
    .post('api/mail/unsubscribe/', {
      searchParams: { token },
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    .json<Unsubscribed>();
}
