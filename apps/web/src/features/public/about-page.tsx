import '@mantine/core/styles/ThemeIcon.css';
import { List, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconCheck,
  IconHomeHeart,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { IconCard, PageLink, PublicPage, PublicSection } from './public-page';

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
          <IconCard icon={<IconBuildingSkyscraper size={22} aria-hidden />} title="Real-estate brokerages">
            <Text>
              Give every agent in the office the same dependable way to stay in touch with past buyers, and
              see at a glance how many clients and properties your team looks after.
            </Text>
          </IconCard>
          <IconCard icon={<IconBuildingStore size={22} aria-hidden />} title="Property companies">
            <Text>
              Remind tenants and owners about the routine tasks that keep units in good shape, without
              building a mailing system of your own.
            </Text>
          </IconCard>
          <IconCard icon={<IconUsersGroup size={22} aria-hidden />} title="Realtors">
            <Text>
              Add your clients once, pick the reminders that suit each home, and your name keeps turning up
              with something genuinely useful long after closing day.
            </Text>
          </IconCard>
          <IconCard icon={<IconHomeHeart size={22} aria-hidden />} title="Homeowners and tenants">
            <Text>
              Get a short email when a job is due: change the furnace filter, clean the gutters, test the
              smoke alarms. No app to install, no account needed.
            </Text>
          </IconCard>
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
          See <PageLink to="/howitworks">how it works</PageLink>, browse the{' '}
          <PageLink to="/faq">frequently asked questions</PageLink>, or{' '}
          <PageLink to="/contactus">contact us</PageLink> to talk about licenses for your company.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
