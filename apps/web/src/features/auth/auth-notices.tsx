import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { AuthTitle, BackToSignIn } from './auth-heading';

/** A screen whose emailed link does not work: why, any way on (`children`), and back to sign-in. */
export function LinkProblem({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Stack>
      <AuthTitle>{title}</AuthTitle>
      <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        {message}
      </Alert>
      {children}
      <BackToSignIn />
    </Stack>
  );
}

/** Done by a plain form post: what was done (`children`, under `note`), and the way on to Login. */
export function DoneWithoutScript({
  title,
  note,
  children,
}: {
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <Stack>
      <AuthTitle>{title}</AuthTitle>
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} title={note} role="status">
        {children}
      </Alert>
      <Button component={Link} to="/login">
        Sign in
      </Button>
    </Stack>
  );
}
