/**
 * What the server hands the web app for each page it renders (docs/decisions/084): the page's
 * nonce and the API, responding in-process through the same routes, checks and scope as over the
 * network.
 */
export interface RenderContext {
  /** The only inline scripts the page's Content-Security-Policy allows carry this nonce. */
  nonce: string;
  /** Responds to an API request (an address under the base path's `api/`) for the page's visitor. */
  fetchApi: (request: Request) => Promise<Response>;
  /**
   * Who the page is rendered for, from the session cookie; null when no one is signed in. The API
   * reads of `fetchApi` are theirs, and a page's cached responses are kept under these ids.
   */
  viewer: {
    userId: string;
    tenantId: string;
    kind: 'staff' | 'client';
    privileges: string[];
  } | null;
  /**
   * The router in the browser asks for a page's data (an address ending in `.data`), sent back as
   * data for its script and never as HTML: only such a response may carry a new sign-in's token.
   */
  dataRequest: boolean;
}
