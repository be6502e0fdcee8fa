import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageWorkKey } from '../src/features/home/figures-ahead';
import { runBeforeStarter, startAfterPaint } from './prerender-plugin';

const index = `<head>
    <script type="module" crossorigin src="/ui/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/ui/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/ui/assets/index-ghi.css">
  </head>`;

describe('startAfterPaint', () => {
  const page = startAfterPaint(index, '/ui/assets/start-after-paint-1.js', [
    '/ui/assets/home-page-jkl.js',
    '/ui/assets/react-def.js',
  ]);

  it('runs the starter instead of the entry, naming the entry and every module to preload once', () => {
    expect(page).not.toContain('<script type="module" crossorigin src="/ui/assets/index-abc.js">');
    expect(page).toContain(
      '<script type="module" crossorigin src="/ui/assets/start-after-paint-1.js" data-entry="/ui/assets/index-abc.js" ' +
        'data-preload="/ui/assets/react-def.js /ui/assets/home-page-jkl.js"></script>',
    );
  });

  it('leaves no preload in the page, and the stylesheet alone', () => {
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/ui/assets/index-ghi.css">');
  });

  it('names no preloads when there are none', () => {
    const bare = startAfterPaint(
      '<head><script type="module" crossorigin src="/e.js"></script></head>',
      '/start.js',
    );
    expect(bare).toContain('<script type="module" crossorigin src="/start.js" data-entry="/e.js"></script>');
  });

  it('refuses a page without an entry script', () => {
    expect(() => startAfterPaint('<head></head>', '/start.js')).toThrow(/no entry script/);
  });
});

describe('runBeforeStarter', () => {
  const page = startAfterPaint(index, '/ui/assets/start-after-paint-1.js');

  it("puts the page's own script just before the starter, so that it runs first", () => {
    const withScript = runBeforeStarter(page, '/ui/assets/draw-figures-ahead-2.js');
    const own = withScript.indexOf(
      '<script type="module" crossorigin src="/ui/assets/draw-figures-ahead-2.js"></script>',
    );
    const starter = withScript.indexOf('src="/ui/assets/start-after-paint-1.js" data-entry=');
    expect(own).toBeGreaterThan(-1);
    expect(starter).toBeGreaterThan(own);
  });

  it('refuses a page without a starter', () => {
    expect(() => runBeforeStarter(index, '/x.js')).toThrow(/to fill in/);
  });
});

describe('the starter', () => {
  it("waits for the page's own work under the name the page's script uses", () => {
    const starter = readFileSync(path.join(__dirname, 'start-after-paint.js'), 'utf8');
    expect(starter).toContain(`Symbol.for('${pageWorkKey}')`);
  });
});
