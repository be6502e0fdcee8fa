import PDFDocument from 'pdfkit';

/** What the home report says, already in words: the renderer only lays it out. */
export interface HomeReport {
  paper: 'letter' | 'a4';
  brand: { name: string; colour: string; /** PNG or JPEG. */ logo: Buffer | null };
  realtor: { name: string; email: string; phone: string | null } | null;
  home: { address: string; owner: string };
  preparedOn: string;
  profile: ReadonlyArray<readonly [label: string, answer: string]>;
  systems: ReadonlyArray<{ title: string; facts: string; notices: readonly string[] }>;
  record: ReadonlyArray<{
    doneOn: string;
    title: string;
    system: string | null;
    who: string;
    cost: string;
    note: string | null;
  }>;
  costByYear: ReadonlyArray<{ year: number; cost: string; entries: string }>;
  coming: ReadonlyArray<{ task: string; due: string; frequency: string }>;
  documents: readonly string[];
}

const ink = '#1f2328';
const muted = '#555c66';
const rule = '#d0d7de';
const fonts = { body: 'Helvetica', bold: 'Helvetica-Bold' } as const;

/**
 * Lays the home report out as a PDF (docs/decisions/094) on US Letter or A4: the corporation's
 * name, logo and colour, the realtor's card, then the home's profile, systems, care record, what
 * is coming and the documents kept, with page numbers. pdfkit's standard fonts need no files.
 */
export function renderHomeReport(report: HomeReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: report.paper === 'a4' ? 'A4' : 'LETTER',
    margins: { top: 56, bottom: 56, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `Home report: ${report.home.address}`, Author: report.brand.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page when `height` more would not fit. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (title: string) => {
    room(60);
    doc.moveDown(1.2).font(fonts.bold).fontSize(14).fillColor(ink).text(title, left, doc.y, { width });
    const y = doc.y + 3;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(1.5)
      .strokeColor(report.brand.colour)
      .stroke();
    doc.moveDown(0.6);
  };
  const paragraph = (text: string, colour = ink, size = 10) =>
    doc.font(fonts.body).fontSize(size).fillColor(colour).text(text, left, doc.y, { width });

  // The corporation's band and name, its logo, and the realtor's card beside the title.
  doc.rect(0, 0, doc.page.width, 10).fill(report.brand.colour);
  let top = 30;
  if (report.brand.logo) {
    try {
      doc.image(report.brand.logo, left, top, { fit: [140, 48] });
      top += 56;
    } catch {
      // A logo pdfkit cannot read leaves the name alone.
    }
  }
  doc
    .font(fonts.bold)
    .fontSize(12)
    .fillColor(report.brand.colour)
    .text(report.brand.name, left, top, { width: width / 2 });
  if (report.realtor) {
    const card = [report.realtor.name, report.realtor.email, report.realtor.phone].filter(Boolean).join('\n');
    doc
      .font(fonts.body)
      .fontSize(9)
      .fillColor(muted)
      .text(`Your realtor\n${card}`, left + width / 2, 30, {
        width: width / 2,
        align: 'right',
      });
  }
  doc.y = Math.max(doc.y, top + 60);
  doc.font(fonts.bold).fontSize(22).fillColor(ink).text('Home report', left, doc.y, { width });
  paragraph(report.home.address, ink, 13);
  paragraph(`${report.home.owner} · prepared ${report.preparedOn}`, muted);

  heading('About the home');
  if (report.profile.length === 0) paragraph('Nothing is recorded about the home yet.', muted);
  for (const [label, answer] of report.profile) {
    room(16);
    const y = doc.y;
    doc
      .font(fonts.body)
      .fontSize(10)
      .fillColor(muted)
      .text(label, left, y, { width: width * 0.45 });
    const labelBottom = doc.y;
    doc
      .font(fonts.bold)
      .fillColor(ink)
      .text(answer, left + width * 0.47, y, { width: width * 0.53 });
    doc.y = Math.max(doc.y, labelBottom) + 2;
  }

  heading('Systems and appliances');
  if (report.systems.length === 0) paragraph('No system or appliance is listed yet.', muted);
  for (const system of report.systems) {
    room(40);
    doc.font(fonts.bold).fontSize(11).fillColor(ink).text(system.title, left, doc.y, { width });
    if (system.facts) paragraph(system.facts, muted);
    for (const notice of system.notices) paragraph(notice, '#8a3306');
    doc.moveDown(0.4);
  }

  heading('Care record');
  if (report.record.length === 0) paragraph('No work is recorded yet.', muted);
  else {
    const columns = { date: left, work: left + 78, who: left + width * 0.62, cost: left + width - 70 };
    const header = () => {
      doc.font(fonts.bold).fontSize(9).fillColor(muted);
      const y = doc.y;
      doc.text('Date', columns.date, y).text('Work', columns.work, y).text('Done by', columns.who, y);
      doc.text('Cost', columns.cost, y, { width: 70, align: 'right' });
      doc.y = y + 14;
    };
    header();
    for (const entry of report.record) {
      const work = [entry.title, entry.system, entry.note].filter(Boolean).join('\n');
      doc.font(fonts.body).fontSize(9);
      const height = Math.max(
        doc.heightOfString(work, { width: columns.who - columns.work - 8 }),
        doc.heightOfString(entry.who, { width: columns.cost - columns.who - 8 }),
      );
      if (doc.y + height + 8 > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      doc.font(fonts.body).fontSize(9).fillColor(ink).text(entry.doneOn, columns.date, y, { width: 74 });
      doc.text(work, columns.work, y, { width: columns.who - columns.work - 8 });
      doc.text(entry.who, columns.who, y, { width: columns.cost - columns.who - 8 });
      doc.text(entry.cost, columns.cost, y, { width: 70, align: 'right' });
      doc.y = y + height + 4;
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(rule)
        .stroke();
      doc.y += 4;
    }
    room(20 + report.costByYear.length * 14);
    doc
      .moveDown(0.5)
      .font(fonts.bold)
      .fontSize(10)
      .fillColor(ink)
      .text('Cost by year', left, doc.y, { width });
    for (const year of report.costByYear) paragraph(`${year.year}: ${year.cost} (${year.entries})`);
  }

  heading('Coming up');
  if (report.coming.length === 0) paragraph('No reminder is on.', muted);
  for (const coming of report.coming) {
    room(16);
    paragraph(`${coming.due}: ${coming.task} (${coming.frequency.toLowerCase()})`);
  }

  heading('Documents kept');
  if (report.documents.length === 0) paragraph('No photo, manual or receipt is kept yet.', muted);
  for (const document of report.documents) {
    room(14);
    paragraph(`• ${document}`);
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const y = doc.page.height - 36;
    // Writing below the bottom margin would add a page: the footer is written with none.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(fonts.body)
      .fontSize(8)
      .fillColor(muted)
      .text(`${report.brand.name} · ${report.home.address} · page ${index + 1} of ${range.count}`, left, y, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
