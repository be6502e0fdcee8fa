import { redirect, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { Privilege } from '@homeminder/shared/permissions';
import { guardOnServer } from '../route-guard';

export { Component as default } from '../../features/corporations/manage-accounts-page';
export { clientLoader } from '../route-guard';

/** Staff who do not list corporations manage their own: the server sends them there, as the screen does. */
export async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<null> {
  await guardOnServer(request, context);
  const { viewer } = context;
  if (viewer && !viewer.privileges.includes(Privilege.AddCorporateAccounts))
    throw redirect(`/adm/manage/${viewer.tenantId}`);
  return null;
}
