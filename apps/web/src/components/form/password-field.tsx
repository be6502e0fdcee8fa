import '@mantine/core/styles/PasswordInput.css';
import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide button is reached with Tab like any other control and says
 * what it will do ("Show password", "Hide password"): people who type on a keyboard, or check a
 * long password before sending it, need it as much as those with a mouse.
 */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      // Mantine marks only the look of a password input with an error; screen readers need it too.
      aria-invalid={props.error ? true : undefined}
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        // The name says the state; a pressed state besides would say it twice.
        'aria-label': visible ? 'Hide password' : 'Show password',
        'aria-pressed': undefined,
      }}
    />
  );
}
