import '@mantine/core/styles/Accordion.css';
import type { ReactNode } from 'react';
import { Accordion, List, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { PageLink, PublicPage } from './public-page';

interface Question {
  /** Stable key for the accordion item. */
  id: string;
  question: string;
  answer: ReactNode;
}

const questions: Question[] = [
  {
    id: 'how-sent',
    question: 'How are reminders sent?',
    answer: (
      <Text>
        By email, to the address on the client’s record. {PRODUCT_NAME} keeps track of when each reminder is
        next due and sends it on that day. Each reminder is sent once per due date, so clients do not get
        duplicates, and the next due date is then set automatically.
      </Text>
    ),
  },
  {
    id: 'frequencies',
    question: 'How often can a reminder repeat?',
    answer: (
      <>
        <Text>Each reminder on a property repeats at one of these intervals:</Text>
        <List spacing="xs">
          <List.Item>Monthly: every month</List.Item>
          <List.Item>Quarterly: every 3 months</List.Item>
          <List.Item>Semi-annual: every 6 months</List.Item>
          <List.Item>Annual: once a year</List.Item>
        </List>
        <Text>
          Every reminder comes with a sensible default, and the realtor can change it for each property. For
          example, a home with pets may need its HVAC filter changed monthly rather than quarterly.
        </Text>
      </>
    ),
  },
  {
    id: 'unsubscribe',
    question: 'How does a client unsubscribe?',
    answer: (
      <Text>
        Every reminder email has an unsubscribe link at the bottom. One click is enough: no password or
        sign-in is needed, and no further reminders are sent to that client. If they change their mind later,
        their realtor can turn the reminders back on at the client’s request.
      </Text>
    ),
  },
  {
    id: 'license',
    question: 'What does a license cover?',
    answer: (
      <Text>
        Licenses are counted by property. Each active property that receives reminders uses one license for
        the length of your license term. A property marked as pending, such as a home whose sale has not
        closed yet, does not use a license until it becomes active. Your corporation’s administrator can see
        the number of licenses and the term dates in the account settings. To add licenses,{' '}
        <PageLink to="/contactus">contact our sales team</PageLink>.
      </Text>
    ),
  },
  {
    id: 'bulk-upload',
    question: 'Can we add many clients at once?',
    answer: (
      <Text>
        Yes. Instead of typing clients in one by one, you can upload them from a spreadsheet, with one row per
        client and property. Each row is checked before it is added, and any row with a problem, such as a
        missing email address, is listed so you can correct it and upload it again. Rows that were already
        added are not added twice. Bulk upload is available to users whose role allows it, which by default
        means corporate administrators and managers.
      </Text>
    ),
  },
  {
    id: 'visibility',
    question: 'Who can see which clients?',
    answer: (
      <Text>
        Realtors see only the clients assigned to them. Managers and corporate administrators can see all the
        clients of their own corporation. Nobody outside your corporation can see your clients: each
        corporation’s data is kept separate from every other’s.
      </Text>
    ),
  },
  {
    id: 'realtor-leaves',
    question: 'What happens when a realtor leaves our company?',
    answer: (
      <Text>
        An administrator can disable the realtor’s account so they can no longer sign in, and assign their
        clients to another realtor. The clients’ reminders carry on as before.
      </Text>
    ),
  },
  {
    id: 'password',
    question: 'I forgot my password. What should I do?',
    answer: (
      <Text>
        Use the “Forgot password” link on the <PageLink to="/login">sign-in page</PageLink>. We will email you
        a link to choose a new password; the link can be used only once and expires after a short time. If the
        email does not arrive, check your spam folder, then ask your corporation’s administrator, who can
        check that your account is enabled and that your email address is correct.
      </Text>
    ),
  },
  {
    id: 'security',
    question: 'How is our data protected?',
    answer: (
      <Text>
        All traffic to the portal is encrypted. Passwords are stored only as secure one-way hashes, never in
        readable form. Every record belongs to exactly one corporation and is only ever shown to that
        corporation’s users, according to their role. For billing we keep only the card’s brand, last four
        digits and expiry date, never the full number or the security code. Read the{' '}
        <PageLink to="/privacypolicy">privacy policy</PageLink> for the details.
      </Text>
    ),
  },
  {
    id: 'client-cost',
    question: 'Do homeowners or tenants pay anything?',
    answer: (
      <Text>
        No. The corporation that holds the account pays for its licenses. Clients simply receive the
        reminders, and do not need to create an account or install anything.
      </Text>
    ),
  },
  {
    id: 'change-reminders',
    question: 'Can a client change which reminders they receive?',
    answer: (
      <Text>
        Yes. The simplest way is to ask the realtor or company that set up the reminders: they can add or
        remove reminders, or change how often each one is sent, in a few clicks. To stop all reminders at
        once, the client can use the unsubscribe link in any reminder email.
      </Text>
    ),
  },
];

export function Component() {
  return (
    <PublicPage
      title="Frequently asked questions"
      lead={`Quick answers about how ${PRODUCT_NAME} works, who can see what, and how to get help.`}
    >
      <Accordion variant="separated" multiple order={2}>
        {questions.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">{item.answer}</Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>

      <Text>
        Didn’t find your answer? Learn <PageLink to="/howitworks">how {PRODUCT_NAME} works</PageLink> or{' '}
        <PageLink to="/contactus">contact us</PageLink>.
      </Text>
    </PublicPage>
  );
}
