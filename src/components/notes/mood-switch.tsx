// The month's "Track mood" switch, in the Create a Month and Edit month modals.
import '@mantine/core/styles/Switch.css';
import { Switch } from '@mantine/core';
import { notesMood } from '../../i18n/en/notes-mood';
import { useTexts } from '../../i18n/store';

export function MoodSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useTexts('notesMood', notesMood);
  return (
    <Switch
      label={t.trackMood}
      description={t.trackMoodHint}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
