// The reminder's time zone: a searchable list of the browser's IANA zones, and a shortcut to this device's own zone.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Button, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { reminders } from '../../i18n/en/reminders';
import { useTexts } from '../../i18n/store';

/** This device's zone as the browser reports it ('UTC' when it does not say). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Every zone the browser knows, with the saved and the device's zones even when the list lacks
 * them (engines leave out aliases such as 'UTC' or 'Asia/Calcutta' that a browser still reports).
 */
function zoneOptions(extra: string[]): { value: string; label: string }[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set([...listed, ...extra])].sort((a, b) => a.localeCompare(b));
  // 'America/Sao_Paulo' reads, and is found by typing, as 'America/Sao Paulo'.
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  disabled?: boolean;
}

export function TimeZoneSelect({ value, onChange, error, disabled }: TimeZoneSelectProps) {
  const t = useTexts('reminders', reminders);
  const device = deviceTimeZone();
  const data = useMemo(() => zoneOptions([value, device]), [value, device]);
  return (
    <Stack gap={4}>
      <Select
        label={t.zoneLabel}
        placeholder={t.zonePlaceholder}
        data={data}
        value={value}
        onChange={(zone) => zone && onChange(zone)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t.zoneNothingFound}
        maxDropdownHeight={280}
        comboboxProps={{ withinPortal: true }}
        error={error}
        disabled={disabled}
      />
      {value !== device && (
        <Text size="sm" c="dimmed">
          {t.deviceZone(device)}{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onChange(device)}
            disabled={disabled}
          >
            {t.chooseDeviceZone(device)}
          </Button>
        </Text>
      )}
    </Stack>
  );
}
