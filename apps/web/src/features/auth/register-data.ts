import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import type { Invitation } from '@homeminder/shared/contracts/account';
import { registerSchema } from '@homeminder/shared/validation/forms';
import { fieldErrorsOf, linkTokenOf, postedFields } from '../../lib/posted-form';
import { linkLoader, type LinkRead } from '../../lib/link-page';
import { orRefusal, serverApi } from '../../lib/server-api';

export const registerNoToken =
  'This page needs the link from your invitation email. Ask your realtor to invite you again if you cannot find it.';

/** What the page shows: whom the invitation is for and the reminders offered, or why the link does not work. */
export type RegisterPageData = LinkRead<Invitation>;

/** The sign-in made, and the reminders kept; `session` only for the page's script to sign in with. */
export interface RegisteredNote {
  message: string;
  reminders: string[];
  session: { token: string; expiresAt: string } | null;
}

/** What posting the form did: the sign-in made, or the rules it broke, or the API's refusal. */
export type RegisterActionData =
  | { registered: RegisteredNote; problem: null; fieldErrors: null; subscriptionIds: string[] }
  | {
      registered: null;
      problem: string[] | null;
      fieldErrors: Record<string, string> | null;
      /** The reminders ticked, so a form sent back shows the choice made. */
      subscriptionIds: string[];
    };

/**
 * Reads the invitation of a /register link on the server (docs/decisions/023, 084), so the page
 * arrives whole from the email. Reading uses nothing up: only registering does.
 */
export const loader = linkLoader(registerNoToken, (api, token) =>
  api.post('/auth/register/invitation', { body: { token } }),
);

/**
 * Creates the sign-in the page's form posts, checked by the shared rules first. The new session's
 * token goes back only to the page's script, in the router's data: a page that comes back as HTML never
 * holds it, so without the script the person signs in on the Login page.
 */
export async function action({
  request,
  context,
}: ActionFunctionArgs<AppLoadContext>): Promise<RegisterActionData> {
  const token = linkTokenOf(request);
  const fields = await postedFields(request);
  const subscriptionIds = fields.all('subscriptionIds');
  const refused = (problem: string[] | null, fieldErrors: Record<string, string> | null = null) =>
    ({ registered: null, problem, fieldErrors, subscriptionIds }) as const;
  if (!token) return refused([registerNoToken]);
  const checked = registerSchema.safeParse({
    token,
    password: fields.text('password'),
    confirmPassword: fields.text('confirmPassword'),
    subscriptionIds,
  });
  if (!checked.success) return refused(null, fieldErrorsOf(checked.error));
  const sent = await orRefusal(() => serverApi(context).post('/auth/register', { body: checked.data }));
  if ('refusal' in sent) return refused(sent.refusal);
  const { message, reminders, token: sessionToken, expiresAt } = sent.response;
  return {
    registered: {
      message,
      reminders,
      session: context.dataRequest ? { token: sessionToken, expiresAt } : null,
    },
    problem: null,
    fieldErrors: null,
    subscriptionIds,
  };
}
