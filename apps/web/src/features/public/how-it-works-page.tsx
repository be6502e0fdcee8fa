import '@mantine/core/styles/Timeline.css';
import { Text, Timeline, Title } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconMailForward,
  IconMailOff,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { PageLink, PublicPage, PublicSection, TextList, type IconPoint } from './public-page';

const steps: IconPoint[] = [
  {
    title: 'Your corporation signs up',
    icon: <IconBuildingSkyscraper size={14} aria-hidden />,
    description:
      'We set up an account for your brokerage or property company with the number of licenses you need and a first administrator who runs the account from then on.',
  },
  {
    title: 'You add your staff and realtors',
    icon: <IconUsersGroup size={14} aria-hidden />,
    description:
      'The administrator adds office staff and realtors and gives each a role. The role decides what a person can do: for example, managers can see all clients, while realtors see only their own.',
  },
  {
    title: 'Realtors add their clients',
    icon: <IconUserPlus size={14} aria-hidden />,
    description:
      'For each client, enter their name and email, the property’s address, and the reminders it should get, each with how often it repeats. Add clients one at a time, or many at once by uploading a spreadsheet.',
  },
  {
    title: `${PRODUCT_NAME} sends reminders when they are due`,
    icon: <IconMailForward size={14} aria-hidden />,
    description:
      'There is nothing to schedule. When a task comes due, the client receives a short email about it, and the reminder is set up again for its next due date: monthly, quarterly, every six months or yearly.',
  },
  {
    title: 'Clients stay in control',
    icon: <IconMailOff size={14} aria-hidden />,
    description:
      'Every reminder email carries an unsubscribe link. One click stops the reminders, with no sign-in required.',
  },
];

interface AudienceSection {
  title: string;
  intro: string;
  points: string[];
}

const audienceSections: AudienceSection[] = [
  {
    title: 'For brokerages and property companies',
    intro:
      'You hold the account and decide who uses it. Your administrator manages licenses, staff and company details in one place.',
    points: [
      'Add staff and realtors, give them roles, and disable their access when they leave.',
      'Reassign clients when a realtor moves on, so no homeowner is forgotten.',
      'Keep an eye on how many licenses are in use and when your term ends.',
    ],
  },
  {
    title: 'For realtors',
    intro:
      'You know your clients best. Set them up once, then let the reminders keep your relationship warm year after year.',
    points: [
      'See and manage only your own clients, never anyone else’s.',
      'Choose the reminders that fit each home and how often each should repeat.',
      'Update a client’s details or reminders whenever their situation changes.',
    ],
  },
  {
    title: 'For homeowners and tenants',
    intro:
      'There is nothing to set up. Your realtor or property company adds you, and helpful reminders arrive by email when a job is due.',
    points: [
      'Each email says what to do and why it matters for your home.',
      'Want different reminders, or fewer? Ask your realtor or property company to change them.',
      'Use the unsubscribe link in any reminder to stop them at any time.',
    ],
  },
];

export function Component() {
  return (
    <PublicPage
      title="How it works"
      lead={`${PRODUCT_NAME} takes a few minutes to set up, then quietly does the remembering for everyone involved.`}
    >
      <PublicSection title="From sign-up to the first reminder">
        <Timeline active={steps.length - 1} bulletSize={28} lineWidth={2} mt="xs">
          {steps.map((step) => (
            <Timeline.Item
              key={step.title}
              bullet={step.icon}
              title={
                <Title order={3} size="h4">
                  {step.title}
                </Title>
              }
            >
              <Text mt={4}>{step.description}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </PublicSection>

      {audienceSections.map((section) => (
        <PublicSection key={section.title} title={section.title}>
          <Text>{section.intro}</Text>
          <TextList items={section.points} />
        </PublicSection>
      ))}

      <PublicSection title="Questions?">
        <Text>
          The <PageLink to="/faq">frequently asked questions</PageLink> cover licenses, bulk uploads, privacy
          and more. If you are ready to get started,{' '}
          <PageLink to="/contactus">contact our sales team</PageLink>. Already have an account?{' '}
          <PageLink to="/login">Sign in</PageLink>.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
