import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/ThemeIcon.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { contactDetails } from './contact-details';

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

/** A link to another page of the app, within running text. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

/** The support address as a mail link. */
export function SupportEmailLink() {
  return <Anchor href={`mailto:${contactDetails.supportEmail}`}>{contactDetails.supportEmail}</Anchor>;
}

/** A plain list of sentences. */
export function TextList({ items }: { items: readonly string[] }) {
  return (
    <List spacing="xs">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A titled point of a public page: a step, a way to reach us, with its icon and a sentence or two. */
export interface IconPoint {
  title: string;
  icon: ReactNode;
  description: string;
}

/** A bordered card headed by an icon and an h3, for the grids of the about and contact pages. */
export function IconCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}
