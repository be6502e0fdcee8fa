import { List, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { PageLink, PublicPage, PublicSection, SupportEmailLink, TextList } from './public-page';

interface DataGroup {
  title: string;
  items: string[];
}

const collectedData: DataGroup[] = [
  {
    title: 'Clients (homeowners and tenants)',
    items: [
      'Name, email address and, if given, phone number.',
      'The property’s address and time zone.',
      'The reminders chosen for the property, how often each repeats, and when each was last sent.',
      'Which realtor looks after the client, and whether the client has unsubscribed.',
    ],
  },
  {
    title: 'Staff and realtors',
    items: [
      'Name, email address (used to sign in), phone number and, if you add one, a profile picture.',
      'Your role, and a securely hashed version of your password.',
      'Sign-in and security records: when you signed in, your IP address and browser type, and a log of changes made in the portal.',
    ],
  },
  {
    title: 'Corporations',
    items: [
      'Company name, address, contact details, time zone and, if you add one, a logo.',
      'License details: the number of licenses and the license term.',
      'Billing details: the cardholder’s name and the card’s brand, last four digits and expiry date only. We never store a full card number or the card’s security code (CVV).',
    ],
  },
];

const retention: string[] = [
  'Client, property and reminder details are kept for as long as the client remains in the corporation’s account. When a client is deleted, their details are removed from the live service.',
  'When a client unsubscribes, we keep a record of it so that they are not emailed again by mistake.',
  'Staff and realtor accounts are kept while the corporation’s account is active. A disabled account is kept, without the ability to sign in, so that the history of changes stays traceable.',
  'When a corporation’s account ends, we delete its data within 90 days, after the 30-day window in which it can ask for a copy.',
  'Backups are overwritten on a rolling schedule and expire within 35 days.',
  'Billing and audit records are kept for as long as the law requires, after which they are deleted.',
];

export function Component() {
  return (
    <PublicPage
      title="Privacy policy"
      lead={`This policy explains what information ${PRODUCT_NAME} holds, why we hold it, and the choices you have.`}
    >
      <Text fw={500}>
        Last updated: <time dateTime="2026-11-22">22 November 2026</time>
      </Text>

      <PublicSection title="Who is responsible for your information">
        <Text>
          {PRODUCT_NAME} is used by real-estate brokerages and property companies (“corporations”) to send
          property-maintenance reminders to their clients. Each corporation decides which clients to add and
          which reminders they receive; we store and process that information on the corporation’s behalf and
          only to provide the service. If you are a homeowner or tenant, the corporation that added you is
          usually the best first contact for questions about your information.
        </Text>
      </PublicSection>

      <PublicSection title="What we collect">
        {collectedData.map((group) => (
          <div key={group.title}>
            <Title order={3} size="h4" mb="xs">
              {group.title}
            </Title>
            <TextList items={group.items} />
          </div>
        ))}
      </PublicSection>

      <PublicSection title="Why we use it">
        <List spacing="xs">
          <List.Item>To send clients the reminders chosen for their property, when they are due.</List.Item>
          <List.Item>
            To run staff and realtor accounts, show each person only what their role allows, and keep sign-ins
            secure.
          </List.Item>
          <List.Item>To manage licenses and billing for each corporation.</List.Item>
          <List.Item>To answer support requests and tell users about changes to the service.</List.Item>
        </List>
        <Text>
          We do not sell personal information, we do not show advertising, and we do not use your information
          to market other products.
        </Text>
      </PublicSection>

      <PublicSection title="How long we keep it">
        <TextList items={retention} />
      </PublicSection>

      <PublicSection title="Who we share it with">
        <Text>
          We use an email delivery provider to send reminder and account emails. It receives only what it
          needs to deliver each message: the recipient’s address and the content of the email. It may not use
          that information for anything else.
        </Text>
        <Text>
          Within a corporation, information is visible to its users according to their role: for example,
          realtors see only their own clients. We may also disclose information when the law requires us to,
          or to a company that takes over the service, which would remain bound by this policy. We share
          nothing else.
        </Text>
      </PublicSection>

      <PublicSection title="How we protect it">
        <List spacing="xs">
          <List.Item>
            Passwords are stored only as secure one-way hashes, so nobody, including our staff, can read them.
          </List.Item>
          <List.Item>
            All traffic between your browser and {PRODUCT_NAME} is encrypted in transit, and sign-in sessions
            expire automatically.
          </List.Item>
          <List.Item>
            Each corporation’s data is kept separate from every other corporation’s, and every request is
            checked against the user’s corporation and role.
          </List.Item>
          <List.Item>
            Changes made in the portal are logged, and we keep only the minimum card details needed for
            billing.
          </List.Item>
        </List>
      </PublicSection>

      <PublicSection title="Your rights">
        <Text>
          You can ask to see the information we hold about you, to have it corrected, or to have it deleted.
          Clients can also stop all reminders at any time with the unsubscribe link in any reminder email.
        </Text>
        <Text>
          Staff and realtors can update most of their details in their own settings, or ask their
          corporation’s administrator. Homeowners and tenants can ask their realtor or property company, or
          contact us directly. We will check who you are before acting on a request and reply within 30 days.
        </Text>
      </PublicSection>

      <PublicSection title="Cookies and browser storage">
        <Text>
          {PRODUCT_NAME} does not use advertising or tracking cookies. When you sign in, the portal keeps a
          session token in your browser’s storage, and in a session cookie that only the portal itself can
          read, so that you stay signed in while you move between pages. It may also remember display
          preferences, such as how many rows a table shows. The session token and its cookie are removed when
          you sign out, and stop working when the session expires. You can clear this storage and the cookie
          at any time in your browser’s settings; you will then need to sign in again.
        </Text>
        <Text>Reading a reminder email or using its unsubscribe link does not require any cookies.</Text>
      </PublicSection>

      <PublicSection title="Changes to this policy">
        <Text>
          If we change this policy, we will update the date at the top of this page. For important changes, we
          will also tell corporation administrators by email or with a notice in the portal before the change
          takes effect. Our <PageLink to="/termsofuse">terms of use</PageLink> explain how the service may be
          used.
        </Text>
      </PublicSection>

      <PublicSection title="Contact us">
        <Text>
          For privacy questions or requests, email <SupportEmailLink />, or see the{' '}
          <PageLink to="/contactus">contact page</PageLink> for other ways to reach us.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
