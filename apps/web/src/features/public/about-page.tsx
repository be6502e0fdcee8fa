import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconCheck,
  IconHomeHeart,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { PublicPage, PublicSection } from './public-page';

interface Audience {
  title: string;
  icon: ReactNode;
  description: string;
}

const audiences: Audience[] = [
  {
    title: 'Real-estate brokerages',
    icon: <IconBuildingSkyscraper size={22} aria-hidden />,
    description:
      'Give every agent in the office the same dependable way to stay in touch with past buyers, and see at a glance how many clients and properties your team looks after.',
  },
  {
    title: 'Property companies',
    icon: <IconBuildingStore size={22} aria-hidden />,
    description:
      'Remind tenants and owners about the routine tasks that keep units in good shape, without building a mailing system of your own.',
  },
  {
    title: 'Realtors',
    icon: <IconUsersGroup size={22} aria-hidden />,
    description:
      'Add your clients once, pick the reminders that suit each home, and your name keeps turning up with something genuinely useful long after closing day.',
  },
  {
    title: 'Homeowners and tenants',
    icon: <IconHomeHeart size={22} aria-hidden />,
    description:
      'Get a short email when a job is due: change the furnace filter, clean the gutters, test the smoke alarms. No app to install, no account needed.',
  },
];

const benefits: string[] = [
  'Small, regular jobs done on time prevent the expensive repairs that eat into a home’s value.',
  'Realtors stay in friendly, helpful contact with past clients, which is where referrals and repeat business come from.',
  'Staff spend no time on calendars or mail merges: reminders go out automatically when they are due.',
  'Clients can be added one at a time or in bulk from a spreadsheet, so getting started takes minutes, not weeks.',
  'Each corporation’s data is kept separate, and realtors see only the clients they look after.',
  'Every reminder email has an unsubscribe link, so recipients stay in control of their inbox.',
];

export function Component() {
  return (
    <PublicPage
      title={`About ${PRODUCT_NAME}`}
      lead={`${PRODUCT_NAME} sends homeowners and tenants timely, friendly reminders to look after their property, on behalf of the real-estate professionals they already know and trust.`}
    >
      <PublicSection title={`What ${PRODUCT_NAME} is`}>
        <Text>
          {PRODUCT_NAME} is a property-maintenance reminder service with a web portal for the companies that
          use it. A brokerage or property company opens an account, adds its staff and realtors, and they add
          their clients along with each client’s property and the reminders it should receive, such as
          “replace the HVAC filter every 3 months” or “clean the gutters every 6 months”.
        </Text>
        <Text>
          From then on, {PRODUCT_NAME} does the remembering. When a task comes due, the client gets a clear,
          short email about it. Reminders repeat monthly, quarterly, twice a year or once a year, depending on
          the task and on what suits the home.
        </Text>
      </PublicSection>

      <PublicSection title="Who it is for">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {audiences.map((audience) => (
            <Card key={audience.title} withBorder padding="lg" radius="md">
              <Group gap="sm" wrap="nowrap" mb="xs">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  {audience.icon}
                </ThemeIcon>
                <Title order={3} size="h4">
                  {audience.title}
                </Title>
              </Group>
              <Text>{audience.description}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </PublicSection>

      <PublicSection title="How it helps">
        <List
          spacing="sm"
          icon={
            <ThemeIcon color="teal" size="sm" radius="xl" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {benefits.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List>
      </PublicSection>

      <PublicSection title="Learn more">
        <Text>
          See{' '}
          <Anchor component={Link} to="/howitworks">
            how it works
          </Anchor>
          , browse the{' '}
          <Anchor component={Link} to="/faq">
            frequently asked questions
          </Anchor>
          , or{' '}
          <Anchor component={Link} to="/contactus">
            contact us
          </Anchor>{' '}
          to talk about licenses for your company.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
