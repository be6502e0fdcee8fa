// Run by Home's drawn page as it loads, long before the app's code (decision 048): asks for the
// signed-in person's numbers with the saved session and draws them into the page from its
// templates. Built apart from the app (build/prerender-plugin.ts), and kept small: it is fetched
// beside the page. Does nothing for a visitor without a session, or if anything fails: the app
// then draws the numbers itself.
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { requestHeaders, resolveApiPath } from '../../lib/api-request';
import { readSavedSession } from '../../lib/saved-session';
import {
  figuresMarkup,
  figuresPlaceholderAttribute,
  greetingAttribute,
  keepSummaryAhead,
  readFigureTemplates,
  startAfterPageWork,
} from './figures-ahead';
import { greeting, homeFigures } from './home-figures';

async function drawFiguresAhead(): Promise<void> {
  const session = readSavedSession();
  if (!session) return;
  const root = document.getElementById('root');
  const greetingText = root?.querySelector(`[${greetingAttribute}]`);
  if (greetingText) greetingText.textContent = greeting(session.username);

  const response = await fetch(resolveApiPath('api/home/summary'), {
    headers: requestHeaders({
      bearerToken: session.bearerToken,
      impersonatedToken: session.impersonatedToken,
      tenantId: session.tenantID,
    }),
  });
  // A refused token is the app's to handle: it sends the visitor to sign in.
  if (!response.ok) return;
  const summary = (await response.json()) as HomeSummary;
  keepSummaryAhead({
    tenantId: session.tenantID,
    userId: session.userID,
    summary,
    answeredAt: Date.now(),
  });

  // Only while the drawn page is there: the templates are in it alone, so once the app has drawn
  // over it (its own placeholders, its own elements) nothing here touches the page.
  const templates = root && readFigureTemplates(root);
  const placeholder = templates && root.querySelector(`[${figuresPlaceholderAttribute}]`);
  const markup = templates && figuresMarkup(templates, homeFigures(summary));
  if (placeholder && markup) placeholder.outerHTML = markup;
}

/** Resolves once the browser has painted what was put in the page. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// The app's code waits for the numbers to be drawn (start-after-paint.js): evaluated first, it
// would hold them back by a long task.
startAfterPageWork(
  drawFiguresAhead()
    .then(afterNextPaint)
    .catch(() => undefined),
);
