import { describe, expect, it } from 'vitest';
import { startAfterPaint } from './prerender-plugin';

const index = `<head>
    <script type="module" crossorigin src="/ui/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/ui/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/ui/assets/index-ghi.css">
  </head>`;

describe('startAfterPaint', () => {
  const page = startAfterPaint(index, '/ui/assets/start-after-paint-1.js');

  it('preloads the entry and runs the starter instead, which names the entry', () => {
    expect(page).not.toContain('<script type="module" crossorigin src="/ui/assets/index-abc.js">');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/ui/assets/index-abc.js">',
    );
    expect(page).toContain(
      '<script type="module" crossorigin src="/ui/assets/start-after-paint-1.js" data-entry="/ui/assets/index-abc.js"></script>',
    );
  });

  it('lowers every preload and leaves the stylesheet alone', () => {
    expect(page.match(/rel="modulepreload"/g)).toHaveLength(2);
    expect(page.match(/rel="modulepreload" crossorigin fetchpriority="low"/g)).toHaveLength(2);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/ui/assets/index-ghi.css">');
  });

  it('refuses a page without an entry script', () => {
    expect(() => startAfterPaint('<head></head>', '/start.js')).toThrow(/no entry script/);
  });
});
