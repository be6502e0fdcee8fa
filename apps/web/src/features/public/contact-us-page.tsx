import '@mantine/core/styles/ThemeIcon.css';
import { Alert, Button, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconClock, IconHeadset, IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { contactDetails } from './contact-details';
import { IconCard, PageLink, PublicPage, PublicSection, type IconPoint } from './public-page';

interface ContactChannel extends IconPoint {
  /** The address or number, shown as text so it can be copied. */
  value: string;
  href: string;
  actionLabel: string;
}

const channels: ContactChannel[] = [
  {
    title: 'Customer support',
    icon: <IconHeadset size={22} aria-hidden />,
    description: `Help with using ${PRODUCT_NAME}, reminders, bulk uploads, or a problem you have run into. We reply within one business day.`,
    value: contactDetails.supportEmail,
    href: `mailto:${contactDetails.supportEmail}`,
    actionLabel: 'Email support',
  },
  {
    title: 'Sales',
    icon: <IconBriefcase size={22} aria-hidden />,
    description: `Thinking of using ${PRODUCT_NAME} at your brokerage or property company, or need more licenses? Let’s talk.`,
    value: contactDetails.salesEmail,
    href: `mailto:${contactDetails.salesEmail}`,
    actionLabel: 'Email sales',
  },
  {
    title: 'Phone',
    icon: <IconPhone size={22} aria-hidden />,
    description: 'Prefer to talk it through? Call us during office hours.',
    value: contactDetails.phoneDisplay,
    href: contactDetails.phoneHref,
    actionLabel: 'Call us',
  },
];

export function Component() {
  return (
    <PublicPage
      title="Contact us"
      lead="We are happy to help, whether you already use the portal or are thinking about it."
    >
      <Alert
        role="note"
        variant="light"
        color="blue"
        icon={<IconInfoCircle aria-hidden />}
        title="Have an account? Start with your administrator"
      >
        <Text size="sm">
          For password resets, sign-in problems, roles or changes to your account, please contact your
          corporation’s administrator first. They can fix most account questions straight away. If they cannot
          help, email our support team.
        </Text>
      </Alert>

      <PublicSection title="Ways to reach us">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {channels.map((channel) => (
            <IconCard key={channel.title} icon={channel.icon} title={channel.title}>
              <Text mb="sm">{channel.description}</Text>
              <Text fw={500} mb="md" style={{ overflowWrap: 'anywhere' }}>
                {channel.value}
              </Text>
              <Button component="a" href={channel.href} variant="light" mt="auto">
                {channel.actionLabel}
              </Button>
            </IconCard>
          ))}
        </SimpleGrid>
      </PublicSection>

      <PublicSection title="Office hours">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
            <IconClock size={18} />
          </ThemeIcon>
          <Text>
            Our team is available {contactDetails.officeHours}. Emails sent outside these hours are answered
            on the next business day. Reminder emails are sent every day, whatever our office hours.
          </Text>
        </Group>
      </PublicSection>

      <PublicSection title="Homeowners and tenants">
        <Text>
          If you receive reminders, the realtor or property company that set them up can change which ones you
          get or how often. To stop them altogether, use the unsubscribe link at the bottom of any reminder
          email. Many common questions are answered in our{' '}
          <PageLink to="/faq">frequently asked questions</PageLink>.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
