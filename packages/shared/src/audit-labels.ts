import { formatCount, formatPhone } from './format';
import { homeProfileFields, homeProfileValueText, type HomeProfileFieldName } from './contracts/home-profile';

/**
 * The audit log in plain words (docs/decisions/081): every action code the server writes has one
 * label here, and every field a change names has one. Server and web read this one catalogue.
 */
interface ActionLook {
  label: string;
  /** What `details.count` counts, for entries about many records at once ("72 clients"). */
  counts?: readonly [singular: string, plural?: string];
}

const clients = ['client'] as const;
const users = ['user'] as const;

/** A home's profile names its fields once (docs/decisions/088). */
const isHomeProfileField = (field: string): field is HomeProfileFieldName =>
  Object.hasOwn(homeProfileFields, field);

export const auditActions = {
  'auth.login': { label: 'Signed in' },
  'auth.client-login': { label: 'Homeowner signed in' },
  'auth.login-failed': { label: 'Sign-in failed (wrong password)' },
  'auth.login-refused-disabled': { label: 'Sign-in refused (account disabled)' },
  'auth.logout': { label: 'Signed out' },
  'auth.impersonation-started': { label: 'Acted as another user' },
  'auth.impersonation-ended': { label: 'Stopped acting as another user' },
  'auth.password-reset-requested': { label: 'Password reset link sent' },
  'auth.welcome-link-sent': { label: 'Welcome link sent' },
  'auth.password-reset': { label: 'Password reset' },
  'impersonated.request': { label: 'Request while acting as another user' },
  'client.created': { label: 'Added client' },
  'client.updated': { label: 'Changed client' },
  'client.deleted': { label: 'Deleted client' },
  'client.invited': { label: 'Invited client' },
  'client.registered': { label: 'Client registered' },
  'client.unsubscribed': { label: 'Client unsubscribed' },
  'client.resubscribed': { label: 'Client subscribed again' },
  'client.email-bounced': { label: "Client's email address bounced" },
  'client.marked-spam': { label: 'Client marked an email as spam' },
  'client.email-confirmed': { label: 'Client confirmed their email address' },
  'client.help-handled': { label: 'Handled a request for help' },
  'client.calendar-address-made': { label: 'Made a calendar address' },
  'clients.exported': { label: 'Exported clients' },
  'clients.realtor-assigned-bulk': { label: 'Assigned clients to a realtor', counts: clients },
  'properties.disabled-bulk': { label: 'Disabled clients', counts: clients },
  'properties.enabled-bulk': { label: 'Enabled clients', counts: clients },
  'clients.deleted-bulk': { label: 'Deleted clients', counts: clients },
  'clients.invited-bulk': { label: 'Invited clients', counts: clients },
  'tenant-users.enabled-bulk': { label: 'Enabled users', counts: users },
  'tenant-users.disabled-bulk': { label: 'Disabled users', counts: users },
  'property.enabled': { label: 'Enabled property' },
  'property.disabled': { label: 'Disabled property' },
  'property.reminder-timing-changed': { label: "Changed when a home's reminders are sent" },
  'client.email-cadence-changed': { label: 'Changed how often a client is emailed' },
  'client.texts-agreed': { label: 'Agreed to get reminder texts' },
  'client.texts-stopped': { label: 'Stopped reminder texts' },
  'property.profile-changed': { label: "Changed a home's profile" },
  'property.system-added': { label: 'Added a system or appliance' },
  'property.system-changed': { label: 'Changed a system or appliance' },
  'property.system-removed': { label: 'Removed a system or appliance' },
  'property.plan-changed': { label: "Changed a home's plan" },
  'property.work-recorded': { label: "Added to a home's care record" },
  'property.work-changed': { label: "Changed an entry of a home's care record" },
  'property.work-removed': { label: "Removed an entry of a home's care record" },
  'property.sale-marked': { label: 'Marked a home sold' },
  'property.sale-changed': { label: "Changed a home's sale" },
  'property.sale-undone': { label: "Undid a home's sale" },
  'property.sold': { label: 'Home sold: passed to its buyer' },
  'property.bought': { label: 'Home bought: received from its seller' },
  'subscription.deleted': { label: 'Removed a reminder' },
  'subscription.paused': { label: 'Turned a reminder off' },
  'subscription.resumed': { label: 'Turned a reminder on' },
  'corporation.created': { label: 'Added corporation' },
  'corporation.enabled': { label: 'Enabled corporation' },
  'corporation.disabled': { label: 'Disabled corporation' },
  'corporation.site-updated': { label: 'Changed site settings' },
  'corporation.address-updated': { label: 'Changed company address' },
  'corporation.billing-updated': { label: 'Changed billing' },
  'corporation.license-updated': { label: 'Changed license' },
  'corporation.branding-updated': { label: 'Changed branding image' },
  'corporation.default-reminders-updated': { label: 'Changed default reminders' },
  'corporation.sending-domain-set': { label: 'Set up a sending domain' },
  'corporation.sending-domain-verified': { label: 'Sending domain found in DNS: mail signed from it' },
  'corporation.sending-domain-removed': { label: 'Removed the sending domain' },
  'corporation.reminder-timing-changed': { label: "Changed when new homes' reminders are sent or how often" },
  'tenant-user.created': { label: 'Added user' },
  'tenant-user.updated': { label: 'Changed user' },
  'tenant-user.enabled': { label: 'Enabled user' },
  'tenant-user.disabled': { label: 'Disabled user' },
  'tenant-user.temporary-password-set': { label: 'Set a temporary password' },
  'tenant-user.profile-image-updated': { label: "Changed a user's picture" },
  'profile.updated': { label: 'Changed own profile' },
  'profile.preferences-updated': { label: 'Changed own preferences' },
  'profile.image-updated': { label: 'Changed own picture' },
  'profile.password-changed': { label: 'Changed own password' },
  'profile.password-change-refused': { label: 'Password change refused' },
  'template.create': { label: 'Added template' },
  'template.file-upload': { label: 'Uploaded template file' },
  'template.file-replace': { label: 'Replaced template file' },
  'notification.create': { label: 'Added message' },
  'notification.update': { label: 'Changed message' },
  'notification.retire': { label: 'Retired message' },
  'reminderTask.created': { label: 'Added seasonal task' },
  'reminderTask.updated': { label: 'Changed seasonal task' },
  'reminderTask.deactivated': { label: 'Deactivated seasonal task' },
  'reminderTask.deleted': { label: 'Deleted seasonal task' },
  'bulk.queued': { label: 'Uploaded clients for import' },
  'bulk.processed': { label: 'Imported clients' },
  'bulk.item.updated': { label: 'Corrected an import row' },
  'bulk.item.deleted': { label: 'Removed an import row' },
  'bulk.cleared': { label: 'Cleared the import queue' },
  'bulk.problems.deleted': { label: 'Removed import rows with problems' },
} as const satisfies Record<string, ActionLook>;

export type AuditAction = keyof typeof auditActions;
export const auditActionCodes = Object.keys(auditActions) as AuditAction[];

/** The label of an action; a code missing from the catalogue still reads as words. */
export function auditActionLabel(action: string): string {
  const look = (auditActions as Record<string, ActionLook>)[action];
  if (look) return look.label;
  const words = action.replace(/[.\-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "72 clients" for an entry about many records, from its count; null for others. */
export function auditCountText(action: string, count: number | null): string | null {
  const counts = (auditActions as Record<string, ActionLook>)[action]?.counts;
  if (count === null) return null;
  return counts ? formatCount(count, counts[0], counts[1]) : formatCount(count, 'record');
}

/** The words for each field a change may name. */
export const auditFieldLabels: Record<string, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  role: 'Role',
  realtor: 'Realtor',
  siteName: 'Site name',
  siteUrl: 'Website',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  timeZone: 'Time zone',
  brandColour: 'Email colour',
  addressLine: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  pending: 'Waiting for confirmation',
  billingName: 'Name on card',
  cardBrand: 'Card brand',
  cardLast4: 'Card ending',
  cardExpiry: 'Card expiry',
  licensedProperties: 'Licensed properties',
  licenseStartsOn: 'License starts',
  licenseEndsOn: 'License ends',
  leadDays: 'When reminders are sent',
  emailCadence: 'How often reminders are emailed',
};

export function auditFieldLabel(field: string): string {
  return auditFieldLabels[field] ?? (isHomeProfileField(field) ? homeProfileFields[field].label : field);
}

/** A value of a change as words: "empty" rather than nothing, Yes/No for a switch. */
export function auditValueText(value: string | number | boolean | null, field?: string): string {
  // A home's profile reads its answers in its own words ("Not sure", "2,100 sq ft").
  if (field && isHomeProfileField(field)) return homeProfileValueText(field, value);
  if (value === null || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Phones are kept as bare digits; a change reads them as people write them.
  if (field && /phone$/i.test(field) && typeof value === 'string') return formatPhone(value);
  return String(value);
}

/** Who did it: "Sam Operator as Alice Admin" when someone acted as another user. */
export function auditWhoText(entry: { actorName: string | null; realActorName: string | null }): string {
  const actor = entry.actorName ?? 'System';
  return entry.realActorName ? `${entry.realActorName} as ${actor}` : actor;
}
