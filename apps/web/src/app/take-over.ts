import { initializeApp } from '../lib/app-init';
import { safeAppPath } from '../features/system/loading-page';
import { appPath, type AppRouter as Router } from './router';

/** What a visitor changed on a page drawn at build time before the app arrived. */
export interface PageInput {
  fields: Array<{ name: string; value: string; checked: boolean }>;
  focused: string | null;
}

function namedInputs(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('input[name]')];
}

const isTicked = (input: HTMLInputElement) => input.type === 'checkbox' || input.type === 'radio';

/** The fields the visitor changed: only those, as the app may fill a field itself (a remembered email). */
function changedFields(inputs: HTMLInputElement[]): PageInput['fields'] {
  return inputs
    .filter((input) =>
      isTicked(input) ? input.checked !== input.defaultChecked : input.value !== input.defaultValue,
    )
    .map((input) => ({ name: input.name, value: input.value, checked: input.checked }));
}

/**
 * Follows the drawn page's fields until the app has replaced them, and answers, when called, what
 * the visitor changed up to then. The app draws over the page in a transition, so typing goes on
 * while it renders; the drawn fields keep their values once the app has taken them out.
 */
export function watchPageInput(container: HTMLElement): () => PageInput {
  const inputs = namedInputs(container);
  const drawn = [...container.children];
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && container.contains(active) ? active.name : null;
  const onFocusIn = ({ target }: FocusEvent) => {
    // Only the visitor's moves on the drawn page: the app's own first draw may focus a field of
    // its own (autoFocus) before the drawn one's focus is given back.
    if (!(target instanceof Node) || !drawn.some((node) => node.contains(target))) return;
    focused = target instanceof HTMLInputElement ? target.name || null : null;
  };
  container.addEventListener('focusin', onFocusIn);
  return () => {
    container.removeEventListener('focusin', onFocusIn);
    return { fields: changedFields(inputs), focused };
  };
}

/** What the visitor changed on the drawn page so far. */
export function readPageInput(container: HTMLElement): PageInput {
  return watchPageInput(container)();
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
