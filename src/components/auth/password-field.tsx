// A password input whose visibility toggle is a named, keyboard-reachable button.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Hide password' : 'Show password',
        'aria-pressed': visible,
        tabIndex: 0,
      }}
    />
  );
}
