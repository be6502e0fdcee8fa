import type { ReplyKind } from '@homeminder/shared/reply-words';
import { PRODUCT_NAME } from '@homeminder/shared/constants';
import { formatCount } from '@homeminder/shared/format';
import { emailFrame, escapeHtml, inkOf, type EmailBrand, type EmailContent } from '../../lib/mail/layout';
import {
  realtorHtml,
  realtorText,
  replyButtonsHtml,
  replyLinksText,
  type EmailRealtor,
} from './reminder-email';

export interface MonthlyTask {
  task: string;
  taskDescription: string;
  /** What the task needs of this home, from its systems ("Filter 16x25x1"); often none. */
  taskDetails: readonly string[];
  frequencyName: string;
  /** The due date in words, in the corporation's time zone. */
  dueDateText: string;
  /** Its due date has passed with no Done or Later. */
  overdue: boolean;
  /** The home's address, when the client has more than one home. */
  address: string | null;
  /** The pages of the three replies, each with its own signed token bound to this due date. */
  replyUrls: Record<ReplyKind, string>;
}

export interface MonthlyEmailData {
  brand: EmailBrand;
  clientFirstName: string;
  clientLastName: string;
  /** "December". */
  monthName: string;
  /** The home's address, when the client has one home. */
  homeAddress: string | null;
  /** Overdue first, then by due date. */
  tasks: readonly MonthlyTask[];
  realtor: EmailRealtor;
  unsubscribeUrl: string;
  /** Where the homeowner signs in to choose an email for each reminder instead. */
  myHomeUrl: string;
  headers: Record<string, string>;
}

/**
 * The monthly email (docs/decisions/103): every task due before the next one, the overdue first,
 * each with its own Done / Later / Help links, in HTML and in text.
 */
export function monthlyEmail(data: MonthlyEmailData): EmailContent {
  const e = escapeHtml;
  const { brand, tasks } = data;
  const overdue = tasks.filter((task) => task.overdue).length;
  const subject = `Your ${data.monthName} home maintenance: ${formatCount(tasks.length, 'task')}${
    overdue > 0 ? `, ${overdue} overdue` : ''
  }`;
  const taskHtml = (task: MonthlyTask) =>
    `<div style="margin:0 0 22px;padding:14px 0 0;border-top:1px solid #e9ecef">
${task.overdue ? `<p style="margin:0 0 4px;font-size:13px;font-weight:bold;color:#c92a2a">Overdue</p>\n` : ''}<p style="margin:0 0 6px;font-size:18px;font-weight:bold">${e(task.task)}</p>
${task.address ? `<p style="margin:0 0 6px;font-size:14px;color:#495057">${e(task.address)}</p>\n` : ''}<p style="margin:0 0 10px">${e(task.taskDescription)}</p>
${task.taskDetails.length > 0 ? `<p style="margin:0 0 10px"><strong>For your home:</strong> ${e(task.taskDetails.join(' · '))}</p>\n` : ''}<p style="margin:0 0 10px;font-size:14px;color:#495057">${task.overdue ? 'Was due' : 'Due'} ${e(task.dueDateText)} · ${e(task.frequencyName)}</p>
<p style="margin:0">${replyButtonsHtml(task.replyUrls, brand)}</p>
</div>`;
  const opening = data.homeAddress
    ? `Here is what your home at <strong>${e(data.homeAddress)}</strong> needs this month.`
    : 'Here is what your homes need this month.';
  const body = `<p style="margin:0 0 14px">Hello ${e(data.clientFirstName)},</p>
<p style="margin:0 0 18px">${opening} Tap Done when a task is done, Remind me later to move it a week, or ask for help.</p>
${tasks.map(taskHtml).join('\n')}
${realtorHtml(data.realtor, brand)}`;
  const footer = `You receive one email a month for ${e(data.clientFirstName)} ${e(data.clientLastName)} from ${e(brand.name)} through ${PRODUCT_NAME}.
To get an email for each reminder instead, <a href="${e(data.myHomeUrl)}" style="color:${e(inkOf(brand))}">sign in to My home</a>.
<a href="${e(data.unsubscribeUrl)}" style="color:${e(inkOf(brand))}">Unsubscribe from these reminders</a>.`;
  const text = [
    `Hello ${data.clientFirstName},`,
    data.homeAddress
      ? `Here is what your home at ${data.homeAddress} needs this month.`
      : 'Here is what your homes need this month.',
    ...tasks.map((task) =>
      [
        `${task.overdue ? 'OVERDUE: ' : ''}${task.task}`,
        ...(task.address ? [task.address] : []),
        task.taskDescription,
        ...(task.taskDetails.length > 0 ? [`For your home: ${task.taskDetails.join(', ')}`] : []),
        `${task.overdue ? 'Was due' : 'Due'} ${task.dueDateText} (${task.frequencyName})`,
        ...replyLinksText(task.replyUrls),
      ].join('\n'),
    ),
    ...realtorText(data.realtor, brand),
    '--',
    `You receive one email a month for ${data.clientFirstName} ${data.clientLastName} from ${brand.name} through ${PRODUCT_NAME}.`,
    `To get an email for each reminder instead, sign in to My home: ${data.myHomeUrl}`,
    `Unsubscribe: ${data.unsubscribeUrl}`,
  ].join('\n\n');
  return { subject, html: emailFrame({ brand, subject, body, footer }), text, headers: data.headers };
}
