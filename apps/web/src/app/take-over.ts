import type { createBrowserRouter } from 'react-router';
import { initializeApp } from '../lib/app-init';
import { safeAppPath } from '../features/system/loading-page';
import { appPath } from './router';

type Router = ReturnType<typeof createBrowserRouter>;

/** What a visitor changed on a page drawn at build time before the app arrived. */
export interface PageInput {
  fields: Array<{ name: string; value: string; checked: boolean }>;
  focused: string | null;
}

function namedInputs(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[name]')];
}

const isTicked = (input: HTMLInputElement) => input.type === 'checkbox' || input.type === 'radio';

export function readPageInput(container: HTMLElement): PageInput {
  const active = document.activeElement;
  return {
    // Only what the visitor changed: the app may fill a field itself (a remembered email).
    fields: namedInputs(container)
      .filter((input) =>
        isTicked(input) ? input.checked !== input.defaultChecked : input.value !== input.defaultValue,
      )
      .map((input) => ({ name: input.name, value: input.value, checked: input.checked })),
    focused: active instanceof HTMLInputElement && container.contains(active) ? active.name : null,
  };
}

/**
 * Puts what was typed into the app's own fields, as typing would (an input event, which the
 * forms listen to), and the focus back where it was.
 */
export function restorePageInput(container: HTMLElement, input: PageInput): void {
  const fields = new Map(namedInputs(container).map((field) => [field.name, field]));
  for (const { name, value, checked } of input.fields) {
    const field = fields.get(name);
    if (!field) continue;
    if (isTicked(field)) {
      if (field.checked !== checked) field.click();
    } else if (field.value !== value) {
      // Through the prototype's setter, as the browser does: the field's own one is React's.
      Reflect.set(HTMLInputElement.prototype, 'value', value, field);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  if (input.focused) fields.get(input.focused)?.focus();
}

function settled(router: Router): Promise<void> {
  const idle = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (idle()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe(() => {
      if (!idle()) return;
      stop();
      resolve();
    });
  });
}

/**
 * Waits until the app can draw the screen the server drew, so that it replaces the page in one
 * step: the first visit's stop at the Loading Page (navigation rule 1) is done here, unseen.
 * If initialising fails, the app draws the Loading Page, which tells so and offers to try again.
 */
export async function readyToTakeOver(router: Router): Promise<void> {
  await settled(router);
  const { location } = router.state;
  if (appPath(location.pathname).toLowerCase() !== '/loading') return;
  try {
    await initializeApp();
  } catch {
    return;
  }
  await router.navigate(safeAppPath(new URLSearchParams(location.search).get('to')), { replace: true });
  await settled(router);
}
