// Settings: the daily reminder (time, zone, by push on this device and/or by email) and the weekly digest, saved with the page's language.
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  REMINDER_MESSAGES,
  REMINDER_TIME_PATTERN,
} from '../../../contract/reminder-rules';
import type { ReminderSettings } from '../../../contract/reminders';
import { recovery } from '../../i18n/en/recovery';
import { reminders } from '../../i18n/en/reminders';
import { translateMessage, useLocale, useTexts } from '../../i18n/store';
import { accountEmailQueryOptions } from '../../queries/recovery';
import {
  type DevicePushChange,
  devicePushQueryOptions,
  NoServiceWorker,
  PushPermissionDenied,
  PushUnavailable,
  pushSupport,
  reminderSettingsQueryOptions,
  useSaveReminders,
} from '../../queries/reminders';
import { failureBody, firstMessage } from '../auth/auth-failure';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { LoadFailed, SettingsSection, sectionId } from './settings-section';
import { deviceTimeZone, TimeZoneSelect } from './time-zone-select';

/** A failure of this device's subscription on the browser's side (permission, worker, push service). */
const isPushFailure = (error: unknown) =>
  error instanceof PushPermissionDenied ||
  error instanceof NoServiceWorker ||
  error instanceof PushUnavailable;

type Field = 'time' | 'time_zone' | 'by_email' | 'by_push' | 'weekly_digest' | 'channels';
/** The fields the server's 400 names (contract/reminders.ts), each shown under its control. */
const SERVER_FIELDS = ['time', 'time_zone', 'by_email', 'by_push', 'weekly_digest'] as const;

interface FormProps {
  settings: ReminderSettings;
  /** This device's push endpoint, null when it is not subscribed. */
  deviceEndpoint: string | null;
  confirmedEmail: string | null;
}

interface ChannelSwitchProps {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  error?: string;
}

/**
 * A switch named by its label alone, its explanation and error read after it: Mantine's own
 * description sits inside the label, which made every switch's name a paragraph long.
 */
function ChannelSwitch({
  label,
  description,
  checked,
  onChange,
  disabled,
  error,
}: ChannelSwitchProps) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Switch
        label={label}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
        aria-describedby={`${id}-about${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      <Text id={`${id}-about`} size="sm" c="dimmed" pl={50}>
        {description}
      </Text>
      {error && (
        <Text id={`${id}-error`} size="sm" c="red" pl={50}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Brings the Email address section into view and puts focus on its button. */
function goToEmailSection(id: string) {
  const section = document.getElementById(id)?.closest('section');
  section?.scrollIntoView({ block: 'start' });
  section?.querySelector<HTMLElement>('button, a[href], input')?.focus({ preventScroll: true });
}

function RemindersForm({ settings, deviceEndpoint, confirmedEmail }: FormProps) {
  const t = useTexts('reminders', reminders);
  const emailWords = useTexts('recovery', recovery);
  const locale = useLocale();
  const save = useSaveReminders();
  // Until a zone is saved (no reminder yet and the server's default), the device's own zone.
  const [time, setTime] = useState(settings.time ?? '');
  const [zone, setZone] = useState(
    settings.time === null && settings.time_zone === DEFAULT_TIME_ZONE
      ? deviceTimeZone()
      : settings.time_zone,
  );
  const [push, setPush] = useState(deviceEndpoint !== null && settings.by_push);
  const [byEmail, setByEmail] = useState(settings.by_email);
  const [digest, setDigest] = useState(settings.weekly_digest);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const [support, setSupport] = useState(pushSupport);

  const otherDevices = Math.max(0, settings.push_subscriptions - (deviceEndpoint ? 1 : 0));
  const changed =
    <T,>(set: (value: T) => void, ...fields: Field[]) =>
    (value: T) => {
      set(value);
      setSaved(false);
      setErrors((current) => {
        const next = { ...current };
        for (const field of [...fields, 'channels' as const]) delete next[field];
        return next;
      });
    };

  /** Push off again, with the reason under its switch. */
  const showPushFailure = (error: unknown) => {
    setPush(false);
    if (error instanceof PushPermissionDenied) {
      setSupport('denied');
      setErrors({ by_push: t.pushRefused });
      return;
    }
    console.error('Push subscription failed', error);
    setErrors({ by_push: error instanceof NoServiceWorker ? t.pushNoWorker : t.pushFailed });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSaved(false);
    const found: Partial<Record<Field, string>> = {};
    if (time !== '' && !REMINDER_TIME_PATTERN.test(time))
      found.time = translateMessage(REMINDER_MESSAGES.invalidTime);
    if (!isTimeZone(zone)) found.time_zone = translateMessage(REMINDER_MESSAGES.invalidTimeZone);
    if (time !== '' && !push && !byEmail && !(settings.by_push && otherDevices > 0))
      found.channels = t.noChannel;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    let device: DevicePushChange = null;
    // Sent again while on: the server may not know this browser's subscription (another account
    // subscribed it, or it was dropped), and sending it twice changes nothing.
    if (push) device = { subscribe: settings.vapid_public_key };
    else if (deviceEndpoint) device = 'unsubscribe';
    // Push elsewhere stays on if this device cannot join it.
    const pushElsewhere = settings.by_push && otherDevices > 0;
    try {
      const { pushFailure } = await save.mutateAsync({
        device,
        byPushWithoutThisDevice: pushElsewhere,
        input: {
          time: time === '' ? null : time,
          time_zone: zone,
          by_email: byEmail,
          by_push: push || pushElsewhere,
          weekly_digest: digest,
          language: locale,
        },
      });
      setSaved(true);
      if (pushFailure === null) notifySuccess(t.saved);
      else {
        // Everything else was saved: the switch goes back off and says why, the toast says the rest.
        showPushFailure(pushFailure);
        notifyWarning(t.savedExceptPush);
      }
    } catch (error) {
      // Nothing could be saved without push (it was the only channel): push is what to fix.
      if (isPushFailure(error)) {
        showPushFailure(error);
        return;
      }
      const body = await failureBody(error);
      const fields: Partial<Record<Field, string>> = {};
      for (const field of SERVER_FIELDS) {
        const message = firstMessage(body, field);
        if (message) fields[field] = translateMessage(message);
      }
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyFailure(t.saveFailed, error);
    }
  };

  const emailSection = sectionId(emailWords.emailTitle);
  const emailMissing = confirmedEmail === null;
  let pushNote: ReactNode = t.pushDescription;
  if (support === 'unsupported') pushNote = t.pushUnsupported;
  else if (support === 'denied') pushNote = t.pushDenied;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <Group align="flex-end" gap="xs">
          <TextInput
            type="time"
            label={t.timeLabel}
            description={t.timeDescription}
            value={time}
            onChange={(e) => changed(setTime, 'time')(e.currentTarget.value)}
            error={errors.time}
            w={260}
          />
          {time !== '' && (
            <Button variant="subtle" onClick={() => changed(setTime, 'time')('')}>
              {t.clearTime}
            </Button>
          )}
        </Group>
        <TimeZoneSelect
          value={zone}
          onChange={changed(setZone, 'time_zone')}
          error={errors.time_zone}
        />
        <Fieldset legend={t.channels} variant="unstyled">
          <Stack gap="sm" mt="xs">
            <ChannelSwitch
              label={t.pushLabel}
              description={pushNote}
              checked={push}
              onChange={changed(setPush, 'by_push')}
              disabled={support === 'unsupported' || (support === 'denied' && !push)}
              error={errors.by_push}
            />
            {otherDevices > 0 && settings.by_push && (
              <Text size="sm" c="dimmed">
                {t.otherDevices(otherDevices)}
              </Text>
            )}
            <ChannelSwitch
              label={t.emailLabel}
              description={emailMissing ? t.emailNeedsAddress : t.emailTo(confirmedEmail)}
              checked={byEmail}
              onChange={changed(setByEmail, 'by_email')}
              disabled={emailMissing && !byEmail}
              error={errors.by_email}
            />
            <ChannelSwitch
              label={t.digestLabel}
              description={t.digestDescription}
              checked={digest}
              onChange={changed(setDigest, 'weekly_digest')}
              disabled={emailMissing && !digest}
              error={errors.weekly_digest}
            />
            {emailMissing && (
              <Anchor
                href={`#${emailSection}`}
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  goToEmailSection(emailSection);
                }}
              >
                {t.goToEmail}
              </Anchor>
            )}
            {errors.channels && (
              <Alert color="red" variant="light" role="alert" p="xs">
                {errors.channels}
              </Alert>
            )}
          </Stack>
        </Fieldset>
        <Text size="sm" c="dimmed">
          {t.language(locale === 'pt-BR' ? t.languageNames.ptBR : t.languageNames.en)}
        </Text>
        <Group gap="sm">
          <Button
            type="submit"
            aria-disabled={save.isPending || undefined}
            leftSection={save.isPending ? <Loader size={14} color="currentColor" /> : undefined}
          >
            {t.save}
          </Button>
          {/* Seen beside the button; the toast says it to screen readers. */}
          {saved && (
            <Text size="sm" c="teal">
              {t.savedState}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function RemindersSection() {
  const t = useTexts('reminders', reminders);
  const settings = useQuery(reminderSettingsQueryOptions());
  const device = useQuery(devicePushQueryOptions());
  const email = useQuery(accountEmailQueryOptions());
  const failed = settings.isError || email.isError;

  let body: ReactNode;
  if (failed)
    body = (
      <LoadFailed
        message={t.loadFailed}
        retryLabel={t.tryAgain}
        onRetry={() => Promise.all([settings.refetch(), email.refetch()])}
      />
    );
  else if (settings.isPending || email.isPending || device.isPending)
    body = (
      <Text size="sm" role="status">
        {t.loading}
      </Text>
    );
  else
    body = (
      <RemindersForm
        settings={settings.data}
        // A device whose subscription cannot be read counts as not subscribed.
        deviceEndpoint={device.data ?? null}
        confirmedEmail={email.data.email}
      />
    );

  return (
    <SettingsSection title={t.title} description={t.description}>
      {body}
    </SettingsSection>
  );
}
