/**
 * Contact details shown on the public pages. Written once so the contact page, the terms of use
 * and the privacy policy never disagree. The phone number is a reserved, fictional 555 number.
 */
export const contactDetails = {
  supportEmail: 'support@homeminder.example',
  salesEmail: 'sales@homeminder.example',
  phoneDisplay: '(800) 555-0142',
  /** The same number in the form a tel: link needs. */
  phoneHref: 'tel:+18005550142',
  officeHours: 'Monday to Friday, 8:00 a.m. to 6:00 p.m. Eastern Time, except US public holidays',
} as const;
