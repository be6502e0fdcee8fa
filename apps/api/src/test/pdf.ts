import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What Poppler reads of a PDF: its text, and its pages' size and count. */
export function readPdf(pdf: Buffer) {
  const folder = mkdtempSync(path.join(tmpdir(), 'home-report-'));
  try {
    const file = path.join(folder, 'report.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return {
      text,
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
      size: /^Page size:\s+([\d.]+ x [\d.]+) pts/m.exec(info)?.[1],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Each page of a PDF as Poppler draws it (`pdftoppm`), a PNG a page, at a low resolution. */
export function pdfPageImages(pdf: Buffer): Buffer[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'home-report-pages-'));
  try {
    const file = path.join(folder, 'report.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(folder, 'page')]);
    return readdirSync(folder)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => readFileSync(path.join(folder, name)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
