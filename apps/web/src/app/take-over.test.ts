import { describe, expect, it } from 'vitest';
import { readPageInput, restorePageInput, watchPageInput } from './take-over';

function form(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.replaceChildren(container);
  return container;
}

const fields =
  '<input name="username" type="email"><input name="password" type="password">' +
  '<input name="rememberMe" type="checkbox">';

describe('taking over a page drawn at build time', () => {
  it('keeps what was typed and ticked, and the focus', () => {
    const drawn = form(fields);
    drawn.querySelector<HTMLInputElement>('[name=username]')!.value = 'a@b.test';
    drawn.querySelector<HTMLInputElement>('[name=rememberMe]')!.checked = true;
    drawn.querySelector<HTMLInputElement>('[name=password]')!.focus();
    const input = readPageInput(drawn);

    const app = form(fields);
    const typed: string[] = [];
    app.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).name));
    restorePageInput(app, input);
    expect(app.querySelector<HTMLInputElement>('[name=username]')!.value).toBe('a@b.test');
    expect(app.querySelector<HTMLInputElement>('[name=rememberMe]')!.checked).toBe(true);
    expect(typed).toContain('username');
    expect(document.activeElement?.getAttribute('name')).toBe('password');
  });

  it('keeps what is typed while the app renders, until it replaces the drawn fields', () => {
    const drawn = form(fields);
    const pageInput = watchPageInput(drawn);
    // Typed after the app began to render over the page.
    const password = drawn.querySelector<HTMLInputElement>('[name=password]')!;
    password.value = 'secret-1';
    password.focus();
    // The app's commit takes the drawn fields out, then reads what they held.
    const app = form(fields);
    restorePageInput(app, pageInput());
    expect(app.querySelector<HTMLInputElement>('[name=password]')!.value).toBe('secret-1');
    expect(document.activeElement?.getAttribute('name')).toBe('password');
  });

  it("gives the focus back to the visitor's field, though the app's first draw focused another", () => {
    const container = form(fields);
    const pageInput = watchPageInput(container);
    container.querySelector<HTMLInputElement>('[name=password]')!.focus();
    // The app's commit replaces the drawn fields and focuses its email field (autoFocus) before
    // it reads what the visitor did.
    container.innerHTML = fields;
    container.querySelector<HTMLInputElement>('[name=username]')!.focus();
    restorePageInput(container, pageInput());
    expect(document.activeElement?.getAttribute('name')).toBe('password');
  });

  it('leaves alone what the visitor did not change, such as a remembered email', () => {
    const input = readPageInput(form(fields));
    expect(input.fields).toEqual([]);
    const app = form(
      '<input name="username" value="kept@b.test"><input name="rememberMe" type="checkbox" checked>',
    );
    restorePageInput(app, input);
    expect(app.querySelector<HTMLInputElement>('[name=username]')!.value).toBe('kept@b.test');
    expect(app.querySelector<HTMLInputElement>('[name=rememberMe]')!.checked).toBe(true);
  });
});
