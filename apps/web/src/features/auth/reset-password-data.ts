import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from 'react-router';
import { accountMessages } from '@homeminder/shared/contracts/account';
import { resetPasswordSchema } from '@homeminder/shared/validation/forms';
import { fieldErrorsOf, linkTokenOf, postedFields } from '../../lib/posted-form';
import { orRefusal, serverApi } from '../../lib/server-api';

export const resetNoToken =
  'This page needs the link from your reset email. Ask for a new link if you cannot find it.';

/** Whether the page offers its form, or why the link does not work. */
export interface ResetPageData {
  problem: string | null;
}

/** What posting the form did: the password changed, or the rules it broke, or the API's refusal. */
export type ResetActionData =
  | { done: string; problem: null; fieldErrors: null }
  | { done: null; problem: string[] | null; fieldErrors: Record<string, string> | null };

/**
 * Checks a reset link on the server, so a used or expired one says so at once, before a password
 * is typed. A check the API refuses (too many, say) leaves the form: changing the password says why.
 */
export async function loader({
  request,
  context,
}: LoaderFunctionArgs<AppLoadContext>): Promise<ResetPageData> {
  const token = linkTokenOf(request);
  if (!token) return { problem: resetNoToken };
  const read = await orRefusal(() =>
    serverApi(context).post('/auth/reset-password/check', { body: { token } }),
  );
  return { problem: 'response' in read && !read.response.valid ? accountMessages.resetLinkInvalid : null };
}

/** Sets the new password the page's form posts, checked by the shared rules first. */
export async function action({
  request,
  context,
}: ActionFunctionArgs<AppLoadContext>): Promise<ResetActionData> {
  const token = linkTokenOf(request);
  const fields = await postedFields(request);
  if (!token) return { done: null, problem: [resetNoToken], fieldErrors: null };
  const checked = resetPasswordSchema.safeParse({
    token,
    password: fields.text('password'),
    confirmPassword: fields.text('confirmPassword'),
  });
  if (!checked.success) return { done: null, problem: null, fieldErrors: fieldErrorsOf(checked.error) };
  const sent = await orRefusal(() => serverApi(context).post('/auth/reset-password', { body: checked.data }));
  return 'refusal' in sent
    ? { done: null, problem: sent.refusal, fieldErrors: null }
    : { done: sent.response.message, problem: null, fieldErrors: null };
}
