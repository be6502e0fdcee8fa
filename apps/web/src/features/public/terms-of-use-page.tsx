import { List, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { PageLink, PublicPage, PublicSection, SupportEmailLink } from './public-page';

export function Component() {
  return (
    <PublicPage
      title="Terms of use"
      lead={`These terms set out the rules for using ${PRODUCT_NAME}: what you can expect from us, and what we expect from you.`}
    >
      <Text fw={500}>
        Last updated: <time dateTime="2026-11-22">22 November 2026</time>
      </Text>

      <PublicSection title="1. Who these terms apply to">
        <Text>
          {PRODUCT_NAME} is provided to businesses, such as real-estate brokerages and property companies. In
          these terms, “the customer” means the corporation that holds a {PRODUCT_NAME} account, and “users”
          means the staff, managers and realtors the customer allows to use that account. “We” and “us” mean
          the provider of {PRODUCT_NAME}.
        </Text>
        <Text>
          By signing in or otherwise using the portal, you agree to these terms on behalf of yourself and the
          customer you work for. If you do not agree, please do not use the service. Homeowners and tenants
          who only receive reminder emails do not need to accept these terms; they can stop the emails at any
          time with the unsubscribe link.
        </Text>
      </PublicSection>

      <PublicSection title="2. Accounts and licenses">
        <List spacing="xs">
          <List.Item>
            Each customer has at least one administrator who manages the account, adds and removes users and
            decides their roles. The customer is responsible for everything done under its account.
          </List.Item>
          <List.Item>
            Every user account belongs to one named person. Do not share your password or sign-in, and tell
            your administrator or us straight away if you think someone else has used your account.
          </List.Item>
          <List.Item>
            Licenses are counted by active property and run for the term agreed with the customer. Fees,
            license numbers and terms are set out in the customer’s order or invoice.
          </List.Item>
          <List.Item>
            If fees are not paid when due, we may suspend the account after giving the customer notice and a
            reasonable chance to pay.
          </List.Item>
        </List>
      </PublicSection>

      <PublicSection title="3. Acceptable use">
        <Text>When you use {PRODUCT_NAME}, you agree not to:</Text>
        <List spacing="xs">
          <List.Item>
            add people you have no genuine relationship with, or who have not agreed to hear from you;
          </List.Item>
          <List.Item>
            use reminders to send advertising, unrelated marketing or anything other than property-care
            information;
          </List.Item>
          <List.Item>
            re-subscribe a client who has unsubscribed, unless that client has asked you to;
          </List.Item>
          <List.Item>
            upload content that is unlawful, misleading, offensive, or that contains malware;
          </List.Item>
          <List.Item>
            try to reach data that belongs to another corporation or user, or get around any security or
            permission control;
          </List.Item>
          <List.Item>
            overload, probe, scrape, copy or reverse-engineer the service, or resell access to it;
          </List.Item>
          <List.Item>
            break any law that applies to you, including anti-spam, privacy and consumer-protection laws.
          </List.Item>
        </List>
        <Text>
          We may remove content or suspend a user who breaks these rules, and will tell the customer’s
          administrator when we do.
        </Text>
      </PublicSection>

      <PublicSection title="4. Your client data">
        <Text>
          The information your users enter about clients, their properties and their reminders belongs to the
          customer. The customer is responsible for making sure it is accurate and that it has the right to
          give it to us and to have reminders sent to those clients.
        </Text>
        <Text>
          We use client data only to provide the service to the customer, as described in our{' '}
          <PageLink to="/privacypolicy">privacy policy</PageLink>. We do not sell it and we do not use it to
          market anything of our own. We always honor unsubscribe requests made through reminder emails.
        </Text>
      </PublicSection>

      <PublicSection title="5. Availability and reminders">
        <Text>
          We work hard to keep {PRODUCT_NAME} available around the clock, but we cannot promise it will never
          be interrupted. We sometimes need to carry out maintenance, and we try to do so at quiet times and
          with notice in the portal where possible.
        </Text>
        <Text>
          Email delivery also depends on the recipient’s email provider, which may delay a message or file it
          as spam. Reminders are helpful prompts, not professional advice or inspections. Homeowners should
          use a qualified professional for any work that involves safety, such as gas, electrical or roof
          work.
        </Text>
      </PublicSection>

      <PublicSection title="6. Our software">
        <Text>
          We own {PRODUCT_NAME}, including its software, design and reminder content. While the customer’s
          account is active, its users may use the service for the customer’s own business. If you send us
          suggestions, we may use them to improve the service without any obligation to you.
        </Text>
      </PublicSection>

      <PublicSection title="7. Limitation of liability">
        <Text>
          The service is provided “as is”. To the extent the law allows, we are not liable for indirect or
          consequential losses, such as lost profits, lost business, or damage to a property because a
          maintenance task was missed or not carried out. Our total liability for any claim related to the
          service is limited to the fees the customer paid us in the twelve months before the claim arose.
          Nothing in these terms limits liability that cannot be limited by law.
        </Text>
      </PublicSection>

      <PublicSection title="8. Suspension and termination">
        <Text>
          The customer may stop using {PRODUCT_NAME} at the end of any license term by telling us in writing.
          We may suspend or end an account that seriously or repeatedly breaks these terms, that is not paid
          for, or that puts the service or other customers at risk; where we can, we will give notice first.
        </Text>
        <Text>
          When an account ends, its users can no longer sign in and reminders stop. The customer may ask for a
          copy of its client data within 30 days. After that we delete the account’s data as described in the
          privacy policy.
        </Text>
      </PublicSection>

      <PublicSection title="9. Changes to these terms">
        <Text>
          We may update these terms from time to time. For important changes, we will tell customer
          administrators by email or with a notice in the portal at least 30 days before the change takes
          effect. The date at the top of this page shows when the terms last changed. Continuing to use the
          service after a change takes effect means you accept the new terms.
        </Text>
      </PublicSection>

      <PublicSection title="10. Contact">
        <Text>
          Questions about these terms? Email <SupportEmailLink /> or see our{' '}
          <PageLink to="/contactus">contact page</PageLink> for other ways to reach us.
        </Text>
      </PublicSection>
    </PublicPage>
  );
}
