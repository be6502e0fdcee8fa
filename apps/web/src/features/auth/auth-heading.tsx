import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';

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

/**
 * A sign-in screen waiting for its emailed link to be checked: the heading and two fields' places,
 * then whatever else the screen will show (`children`). `label` says to screen readers what it waits for.
 */
export function LinkCheckSkeleton({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <Stack aria-busy="true" aria-label={label}>
      <Skeleton h={28} w="60%" />
      <Skeleton h={36} />
      <Skeleton h={36} />
      {children}
    </Stack>
  );
}
