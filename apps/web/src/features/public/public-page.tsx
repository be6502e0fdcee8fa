import type { ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';

export interface PublicPageProps {
  /** The page heading, rendered as the page's only h1. */
  title: string;
  /** A sentence or two under the heading that says what the page is about. */
  lead?: ReactNode;
  children: ReactNode;
}

/** The shared frame of the public pages (about, FAQ, legal, contact), so they all look alike. */
export function PublicPage({ title, lead, children }: PublicPageProps) {
  return (
    <Container size="md" py="xl">
      <Box mb="xl">
        <Title order={1}>{title}</Title>
        {lead ? (
          <Text size="lg" mt="sm">
            {lead}
          </Text>
        ) : null}
      </Box>
      <Stack gap="xl">{children}</Stack>
    </Container>
  );
}

export interface PublicSectionProps {
  /** Rendered as an h2. */
  title: string;
  children: ReactNode;
}

/** One titled section of a public page; keeps the heading levels and spacing the same everywhere. */
export function PublicSection({ title, children }: PublicSectionProps) {
  return (
    <Box component="section">
      <Title order={2} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}
