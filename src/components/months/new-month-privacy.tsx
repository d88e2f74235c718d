// The Create month dialog's "Private month" switch: offered only where the account key is open on this device, since a private month's key is wrapped by it.
import { Switch } from '@mantine/core';
import { monthPrivacy } from '../../i18n/en/month-privacy';
import { useTexts } from '../../i18n/store';
import { useAccountKeyState } from '../../queries/account-key-session';

export function NewMonthPrivacy(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTexts('monthPrivacy', monthPrivacy);
  if (useAccountKeyState().status !== 'open') return null;
  return (
    <Switch
      label={t.newPrivate}
      description={t.newPrivateHint}
      checked={props.checked}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  );
}
