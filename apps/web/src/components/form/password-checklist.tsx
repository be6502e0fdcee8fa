import '@mantine/core/styles/ThemeIcon.css';
import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPointFilled } from '@tabler/icons-react';
import { passwordRequirements } from '@homeminder/shared/validation/rules';

/** Ticks off the password rules as the person types, so no rule comes as a surprise. */
export function PasswordChecklist({ value }: { value: string }) {
  return (
    <List spacing={2} size="sm" center aria-label="Password requirements">
      {passwordRequirements.map((requirement) => {
        // Nothing typed meets no rule, not even one that only forbids something ("no character
        // three times in a row").
        const met = value !== '' && requirement.test(value);
        return (
          <List.Item
            key={requirement.id}
            c={met ? 'teal.9' : 'gray.7'}
            icon={
              <ThemeIcon color={met ? 'teal' : 'gray'} variant="light" size={18} radius="xl">
                {met ? <IconCheck size={12} aria-hidden /> : <IconPointFilled size={10} aria-hidden />}
              </ThemeIcon>
            }
          >
            {requirement.checklistLabel ?? requirement.label}
            <VisuallyHidden>{met ? ' (done)' : ' (not yet)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
