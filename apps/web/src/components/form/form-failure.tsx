import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The error summary of a form: the server's first message, announced to screen readers. */
export function FormFailure({
  message,
  title,
  children,
}: {
  message: string | null;
  title?: string;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title={title}>
      {message}
      {children ? <> {children}</> : null}
    </Alert>
  );
}
