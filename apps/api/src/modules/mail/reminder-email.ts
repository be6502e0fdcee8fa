import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatPhone } from '@homeminder/shared/format';
import { escapeHtml, type EmailContent } from '../../lib/mail/layout';

export interface ReminderEmailData {
  corporationName: string;
  /** Absolute address of the corporation's branding image, when it has one. */
  brandingImageUrl: string | null;
  clientFirstName: string;
  clientLastName: string;
  property: { addressLine: string; city: string; state: string; zip: string };
  task: string;
  taskDescription: string;
  frequencyName: string;
  /** The date the reminder fell due, as the client reads it (their local date). */
  dueDateText: string;
  realtor: { name: string; email: string; phone: string | null; photoUrl: string | null } | null;
  unsubscribeUrl: string;
}

export function propertyAddress(property: ReminderEmailData['property']): string {
  return `${property.addressLine}, ${property.city}, ${property.state} ${property.zip}`;
}

/**
 * A maintenance reminder, in HTML and in text: branded with the corporation's name and image and
 * the realtor's name and photo; every value escaped; an unsubscribe link in both parts.
 */
export function reminderEmail(data: ReminderEmailData): EmailContent {
  const address = propertyAddress(data.property);
  const subject = `Reminder: ${data.task} at ${data.property.addressLine}`;
  const e = escapeHtml;
  const realtor = data.realtor;
  const brandHeader = data.brandingImageUrl
    ? `<img src="${e(data.brandingImageUrl)}" alt="${e(data.corporationName)}" height="48" style="display:block;max-height:48px;max-width:240px;margin-bottom:6px">`
    : '';
  const realtorBlock = realtor
    ? `<tr><td style="padding:16px 28px;border-top:1px solid #e9ecef">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
${realtor.photoUrl ? `<td style="padding-right:14px"><img src="${e(realtor.photoUrl)}" alt="${e(realtor.name)}" width="56" height="56" style="display:block;border-radius:28px"></td>` : ''}
<td style="font-size:14px;line-height:1.5"><strong>${e(realtor.name)}</strong><br>Your realtor at ${e(data.corporationName)}<br>
<a href="mailto:${e(realtor.email)}" style="color:#1971c2">${e(realtor.email)}</a>${realtor.phone ? ` · ${e(formatPhone(realtor.phone))}` : ''}</td>
</tr></table></td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e9ecef">${brandHeader}<span style="font-size:20px;font-weight:bold;color:#1864ab">${e(data.corporationName)}</span></td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.6">
<p style="margin:0 0 14px">Hello ${e(data.clientFirstName)},</p>
<p style="margin:0 0 14px">It is time for a little maintenance at <strong>${e(address)}</strong>:</p>
<p style="margin:0 0 6px;font-size:18px;font-weight:bold">${e(data.task)}</p>
<p style="margin:0 0 14px">${e(data.taskDescription)}</p>
<p style="margin:0 0 14px;font-size:13px;color:#495057">Due ${e(data.dueDateText)} · ${e(data.frequencyName)}</p>
</td></tr>
${realtorBlock}
<tr><td style="padding:16px 28px;border-top:1px solid #e9ecef;font-size:12px;color:#495057">
You receive this reminder for ${e(data.clientFirstName)} ${e(data.clientLastName)} from ${e(data.corporationName)} through ${PRODUCT_NAME}.
<a href="${e(data.unsubscribeUrl)}" style="color:#1971c2">Unsubscribe from these reminders</a>.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `Hello ${data.clientFirstName},`,
    `It is time for a little maintenance at ${address}:`,
    `${data.task}\n${data.taskDescription}`,
    `Due ${data.dueDateText} (${data.frequencyName})`,
    ...(realtor
      ? [
          `Your realtor at ${data.corporationName}: ${realtor.name}, ${realtor.email}${realtor.phone ? `, ${formatPhone(realtor.phone)}` : ''}`,
        ]
      : []),
    '--',
    `You receive this reminder for ${data.clientFirstName} ${data.clientLastName} from ${data.corporationName} through ${PRODUCT_NAME}.`,
    `Unsubscribe: ${data.unsubscribeUrl}`,
  ].join('\n\n');
  return { subject, html, text };
}
