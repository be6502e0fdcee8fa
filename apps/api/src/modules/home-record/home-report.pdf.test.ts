import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfPageImages, readPdf } from '../../test/pdf';
import { renderHomeReport, type HomeReport } from './home-report.pdf';

const report = (values: Partial<HomeReport> = {}): HomeReport => ({
  paper: 'letter',
  brand: { name: 'Acme Realty Home Care', colour: '#1864ab', logo: null },
  realtor: { name: 'Rita Realtor', email: 'realtor@acme.test', phone: '(555) 010-1003' },
  home: { address: '21 Record Road, Portland, OR 97205', owner: 'Paula Record' },
  preparedOn: 'Monday, November 30, 2026',
  profile: [
    ['Kind of home', 'Single-family house'],
    ['Year built', '1998'],
  ],
  systems: [
    {
      title: 'Water heater (Tank, gas)',
      facts: 'Installed November 2026, this year · Rheem',
      notices: [],
    },
  ],
  record: [
    {
      doneOn: 'Nov 2, 2026',
      title: 'Replaced the water heater',
      system: 'Water heater (Tank, gas)',
      who: 'Blue Pipe Plumbing\n(555) 201-3344',
      cost: '$2,400',
      note: null,
    },
    {
      doneOn: 'Oct 20, 2025',
      title: 'Gutters cleaned',
      system: null,
      who: 'Homeowner',
      cost: '$99.75',
      note: 'Both sides',
    },
  ],
  costByYear: [
    { year: 2026, cost: '$2,400', entries: '1 entry' },
    { year: 2025, cost: '$99.75', entries: '1 entry' },
  ],
  coming: [{ task: 'Replace HVAC filter', due: 'Sunday, February 28, 2027', frequency: 'Quarterly' }],
  documents: ['Replaced the water heater (Nov 2, 2026): receipt.jpg'],
  ...values,
});

describe('the home report as a document', () => {
  it('holds the branding, the realtor, the profile, each entry with its date and cost, and what is coming', async () => {
    const { text, pages, size } = readPdf(await renderHomeReport(report()));
    expect(size).toBe('612 x 792');
    expect(pages).toBe(1);
    for (const expected of [
      'Acme Realty Home Care',
      'Rita Realtor',
      'Home report',
      '21 Record Road, Portland, OR 97205',
      'Single-family house',
      'Water heater (Tank, gas)',
      'Replaced the water heater',
      'Blue Pipe Plumbing',
      '(555) 201-3344',
      '$2,400',
      'Nov 2, 2026',
      'Gutters cleaned',
      '$99.75',
      '2026: $2,400 (1 entry)',
      'Sunday, February 28, 2027: Replace HVAC filter (quarterly)',
      'receipt.jpg',
      'page 1 of 1',
    ])
      expect(text).toContain(expected);
  });

  it("fits A4, with the corporation's logo", async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1864ab' } })
      .png()
      .toBuffer();
    const pdf = await renderHomeReport(
      report({ paper: 'a4', brand: { name: 'Acme Realty Home Care', colour: '#1864ab', logo } }),
    );
    const { size, text } = readPdf(pdf);
    expect(size).toBe('595.28 x 841.89');
    expect(text).toContain('Acme Realty Home Care');
  });

  it('draws every page at A4 and Letter, each page an A4 or Letter sheet with ink on it', async () => {
    for (const [paper, ratio] of [
      ['a4', 841.89 / 595.28],
      ['letter', 792 / 612],
    ] as const) {
      const pdf = await renderHomeReport(report({ paper }));
      const images = pdfPageImages(pdf);
      expect(images).toHaveLength(readPdf(pdf).pages);
      for (const image of images) {
        const { width, height } = await sharp(image).metadata();
        expect(height / width).toBeCloseTo(ratio, 1);
        // A blank page is white all over; a drawn one has the header's colour and the text's ink.
        const { channels } = await sharp(image).stats();
        expect(channels[0]!.min).toBeLessThan(100);
      }
    }
  });

  it('carries a record of 200 entries over pages, each entry and the header on every page', async () => {
    const record = Array.from({ length: 200 }, (_, index) => ({
      doneOn: 'Jan 5, 2026',
      title: `Task number ${index + 1}`,
      system: index % 2 ? 'Heating (Gas furnace)' : null,
      who: 'Homeowner',
      cost: `$${index + 1}`,
      note: index % 3 ? null : 'A note that says what was used and where it came from.',
    }));
    const { text, pages } = readPdf(await renderHomeReport(report({ record })));
    expect(pages).toBeGreaterThan(4);
    for (const entry of record) expect(text).toContain(entry.title);
    expect(text.match(/Date\s+Work\s+Done by\s+Cost/g)?.length).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain(`page ${pages} of ${pages}`);
  });

  it('says what is not known yet rather than leaving a section empty', async () => {
    const { text } = readPdf(
      await renderHomeReport(
        report({ profile: [], systems: [], record: [], coming: [], documents: [], realtor: null }),
      ),
    );
    expect(text).toContain('Nothing is recorded about the home yet.');
    expect(text).toContain('No work is recorded yet.');
    expect(text).toContain('No reminder is on.');
    expect(text).not.toContain('Your realtor');
  });
});
