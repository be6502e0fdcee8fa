import { brandName } from '@homeminder/shared/brand';
import { PRODUCT_NAME } from '@homeminder/shared/constants';

/** Escapes text for HTML; every value placed into an email goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** Headers of the message beyond the usual ones (List-Unsubscribe of reminders). */
  headers?: Record<string, string>;
}

/** Whose email it is: the corporation's site name, logo and colour head every email. */
export interface EmailBrand {
  name: string;
  /** Absolute address of the corporation's branding image, when it has one. */
  logoUrl: string | null;
  /** A `#rrggbb` colour for the name and the buttons. */
  colour: string;
}

export const defaultBrandColour = '#1864ab';

/** What a query reads of the corporation for its emails' brand (`emailBrandColumns`, db/email-outbox.ts). */
export interface BrandColumns {
  corporationName: string;
  siteName: string | null;
  brandColour: string | null;
  hasBranding: boolean;
}

/**
 * The corporation's name, logo and colour, as its emails show them; `logoUrl` gives the signed
 * address of its branding image, asked only when it has one.
 */
export async function emailBrandOf(brand: BrandColumns, logoUrl: () => Promise<string>): Promise<EmailBrand> {
  return {
    name: brandName({ siteName: brand.siteName, name: brand.corporationName }),
    logoUrl: brand.hasBranding ? await logoUrl() : null,
    colour: brand.brandColour ?? defaultBrandColour,
  };
}

/** Text colours already worked out, by background: every email of a batch asks for its brand's. */
const textColours = new Map<string, string>();

/** The text colour that reads on a background colour: dark on light colours, white on dark ones. */
export function textColourOn(background: string): string {
  const known = textColours.get(background);
  if (known) return known;
  const value = Number.parseInt(background.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // White text needs a 4.5:1 contrast on the background, else the dark text reads better.
  const colour = 1.05 / (luminance + 0.05) >= 4.5 ? '#ffffff' : '#212529';
  if (textColours.size >= 1_000) textColours.clear();
  textColours.set(background, colour);
  return colour;
}

/** The brand's colour where it reads as text on white; a light colour gives dark text instead. */
export function inkOf(brand: EmailBrand): string {
  return textColourOn(brand.colour) === '#ffffff' ? brand.colour : '#212529';
}

/**
 * Text with no spaces (an address to paste) cut into short pieces a line may break between, so it
 * fits a phone. Each piece is an inline block: mail programs render those, while the CSS that
 * breaks words and `<wbr>` are each ignored by one of Gmail, Outlook or Apple Mail
 * (docs/decisions/068). Copied, the pieces join up again with nothing between them.
 */
export function breakableText(value: string, pieceLength = 16): string {
  const pieces: string[] = [];
  for (let at = 0; at < value.length; at += pieceLength) pieces.push(value.slice(at, at + pieceLength));
  return pieces.map((piece) => `<span style="display:inline-block">${escapeHtml(piece)}</span>`).join('');
}

/**
 * The frame every email shares, in HTML: the brand at the top, the body, the footer. It is one
 * column that shrinks with the screen (no fixed widths), so it reads on a 320 px phone. Only what
 * Gmail, Outlook and Apple Mail all render (docs/decisions/068): layout tables with their styles on
 * the cells, no `<body>` tag (some mail programs drop it with its styles), no rounded corners.
 */
export function emailFrame(options: {
  brand: EmailBrand;
  subject: string;
  body: string;
  footer: string;
}): string {
  const { brand } = options;
  const e = escapeHtml;
  const logo = brand.logoUrl
    ? `<img src="${e(brand.logoUrl)}" alt="${e(brand.name)}" height="48" style="display:block;max-height:48px;max-width:100%;margin-bottom:6px;border:0">`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(options.subject)}</title></head>
<table width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f1f3f5" style="width:100%;background-color:#f1f3f5"><tr><td align="center" style="padding:16px 8px;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:560px;background-color:#ffffff;font-family:Arial,Helvetica,sans-serif">
<tr><td style="padding:18px 20px;border-bottom:3px solid ${e(brand.colour)}">${logo}<span style="font-size:20px;font-weight:bold;color:${e(inkOf(brand))}">${e(brand.name)}</span></td></tr>
<tr><td style="padding:20px;font-size:15px;line-height:1.6;color:#212529">
${options.body}
</td></tr>
<tr><td style="padding:14px 20px;border-top:1px solid #e9ecef;font-size:12px;line-height:1.5;color:#495057">${options.footer}</td></tr>
</table></td></tr></table></html>`;
}

/** A button-like link in the brand's colour. */
export function emailButton(brand: EmailBrand, label: string, url: string): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;background:${escapeHtml(brand.colour)};color:${textColourOn(brand.colour)};padding:12px 20px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;
}

/** A paragraph of plain text, or one followed by a link of its own (a digest's line and its client). */
export type EmailParagraph = string | { text: string; link: { label: string; url: string } };

interface LayoutOptions {
  brand: EmailBrand;
  subject: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: EmailParagraph[];
  action?: { label: string; url: string };
  footer?: string;
}

/** One plain, readable email with an optional button, in HTML and in text. */
export function renderEmail({ brand, subject, paragraphs, action, footer }: LayoutOptions): EmailContent {
  const footerText = footer ?? `You receive this email from ${brand.name} through ${PRODUCT_NAME}.`;
  // Underlined as well as coloured: a link is not told by its colour alone.
  const paragraphHtml = (paragraph: EmailParagraph) =>
    typeof paragraph === 'string'
      ? escapeHtml(paragraph)
      : `${escapeHtml(paragraph.text)}<br><a href="${escapeHtml(paragraph.link.url)}" style="color:${escapeHtml(inkOf(brand))};text-decoration:underline">${escapeHtml(paragraph.link.label)}</a>`;
  const paragraphText = (paragraph: EmailParagraph) =>
    typeof paragraph === 'string'
      ? paragraph
      : `${paragraph.text}\n${paragraph.link.label}: ${paragraph.link.url}`;
  const body = [
    ...paragraphs.map((paragraph) => `<p style="margin:0 0 14px">${paragraphHtml(paragraph)}</p>`),
    ...(action
      ? [
          `<p style="margin:22px 0">${emailButton(brand, action.label, action.url)}</p>`,
          `<p style="margin:0;font-size:13px;color:#495057">Or paste this address into your browser: ${breakableText(action.url)}</p>`,
        ]
      : []),
  ].join('\n');
  const html = emailFrame({ brand, subject, body, footer: escapeHtml(footerText) });
  const text = [
    ...paragraphs.map(paragraphText),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '--',
    footerText,
  ].join('\n\n');
  return { subject, html, text };
}
