import { PRODUCT_NAME } from '@homeminder/shared/constants';

/** Escapes text for HTML; every value placed into an email goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

interface LayoutOptions {
  subject: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** One plain, readable layout for every email, in HTML and in text. */
export function renderEmail({ subject, paragraphs, action, footer }: LayoutOptions): EmailContent {
  const footerText = footer ?? `You receive this email from ${PRODUCT_NAME}.`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e9ecef;font-size:20px;font-weight:bold;color:#1864ab">${PRODUCT_NAME}</td></tr>
<tr><td style="padding:24px 28px;font-size:15px;line-height:1.6">
${paragraphs.map((paragraph) => `<p style="margin:0 0 14px">${escapeHtml(paragraph)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(action.url)}" style="background:#1971c2;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#495057">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e9ecef;font-size:12px;color:#495057">${escapeHtml(footerText)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '--', footerText].join(
    '\n\n',
  );
  return { subject, html, text };
}
