// A password input whose visibility toggle is a named, keyboard-reachable button.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { auth } from '../../i18n/en/auth';
import { useTexts } from '../../i18n/store';

export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const t = useTexts('auth', auth);
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t.hidePassword : t.showPassword,
        'aria-pressed': visible,
        tabIndex: 0,
      }}
    />
  );
}
