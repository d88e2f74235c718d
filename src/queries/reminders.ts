// Reminder settings (read, save with this device's push subscription), this device's push state, and the mail unsubscribe link.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings, ReminderSettingsInput } from '../../contract/reminders';
import { currentPushSubscription, subscribeDevice, unsubscribeDevice } from '../api/push-device';
import {
  addPushSubscription,
  getReminderSettings,
  removePushSubscription,
  saveReminderSettings,
  unsubscribeMail,
} from '../api/reminders';

// What the reminders form tells apart when push cannot be turned on (the browser's side of it).
export {
  NoServiceWorker,
  PushPermissionDenied,
  PushUnavailable,
  pushSupport,
} from '../api/push-device';

export const reminderKeys = {
  all: ['reminders'] as const,
  settings: () => [...reminderKeys.all, 'settings'] as const,
  /** This browser's push subscription endpoint (null: none): device state, not the account's. */
  device: () => [...reminderKeys.all, 'device'] as const,
};

export const reminderSettingsQueryOptions = () =>
  queryOptions({ queryKey: reminderKeys.settings(), queryFn: getReminderSettings });

export const devicePushQueryOptions = () =>
  queryOptions({
    queryKey: reminderKeys.device(),
    queryFn: async () => (await currentPushSubscription())?.endpoint ?? null,
    // Only this page changes it (below); the browser's push service never tells us otherwise.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** What one Save does to this device's subscription before the settings are written. */
export type DevicePushChange = { subscribe: string } | 'unsubscribe' | null;

export interface SaveReminders {
  input: ReminderSettingsInput;
  /** `{ subscribe: vapidPublicKey }` to subscribe this device, 'unsubscribe' to end it. */
  device: DevicePushChange;
  /** `by_push` to save if this device cannot be subscribed (true while other devices get pushes). */
  byPushWithoutThisDevice?: boolean;
}

export interface SavedReminders {
  settings: ReminderSettings;
  /** Why this device could not be subscribed, when it could not: the rest was saved, push off here. */
  pushFailure: unknown;
}

/**
 * The device first (permission, push service, then our server), then the settings. A device that
 * cannot be subscribed (notifications refused, no push service, our server refusing it) costs only
 * push: the other settings are saved with push off on this device, and the failure is handed back
 * for the form to say so. Only when push was the daily reminder's only way does the push failure
 * fail the save itself. Whatever the device step did stays
 * reflected in the cache even if the settings then fail to save.
 */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      device,
      byPushWithoutThisDevice = false,
    }: SaveReminders): Promise<SavedReminders> => {
      let pushFailure: unknown = null;
      if (device === 'unsubscribe') {
        const endpoint = await unsubscribeDevice();
        queryClient.setQueryData(reminderKeys.device(), null);
        if (endpoint) await removePushSubscription(endpoint);
      } else if (device) {
        try {
          const subscription = await subscribeDevice(device.subscribe);
          await addPushSubscription(subscription);
          queryClient.setQueryData(reminderKeys.device(), subscription.endpoint);
        } catch (error) {
          pushFailure = error;
        }
      }
      if (pushFailure === null) return { settings: await saveReminderSettings(input), pushFailure };
      // Push was the daily reminder's only way: saved without it, the reminder could reach no one.
      if (input.time !== null && !input.by_email && !byPushWithoutThisDevice) throw pushFailure;
      const saved = { ...input, by_push: byPushWithoutThisDevice };
      return { settings: await saveReminderSettings(saved), pushFailure };
    },
    onSuccess: ({ settings }) => queryClient.setQueryData(reminderKeys.settings(), settings),
    // The subscription count may have changed even when the settings were refused.
    onError: () => queryClient.invalidateQueries({ queryKey: reminderKeys.settings() }),
  });
}

/**
 * Ends this device's push subscription and has the server forget it, with the session that is
 * about to end: on a shared browser the next person must not get the last one's reminders.
 * Never throws: a logout must not fail over this.
 */
export async function forgetDevicePush(): Promise<void> {
  try {
    const endpoint = await unsubscribeDevice();
    if (endpoint) await removePushSubscription(endpoint);
  } catch (error) {
    console.error('Could not end this device’s push subscription', error);
  }
}

/** Anonymous: the link works signed out; a signed-in cache of the settings is refreshed after. */
export function useUnsubscribeMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unsubscribeMail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.settings() }),
  });
}
