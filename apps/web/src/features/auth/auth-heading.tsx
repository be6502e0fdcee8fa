import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Text, Title } from '@mantine/core';

/** The heading of a sign-in screen; `id` lets its form be named by it. */
export function AuthTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Title order={1} size="h3" id={id}>
      {children}
    </Title>
  );
}

/** A sign-in form's heading and the sentence under it that says what the form does. */
export function FormHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div>
      <AuthTitle id={id}>{title}</AuthTitle>
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </div>
  );
}

/** The small centred way back to the sign-in page under a screen. */
export function BackToSignIn() {
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      Back to sign in
    </Anchor>
  );
}
