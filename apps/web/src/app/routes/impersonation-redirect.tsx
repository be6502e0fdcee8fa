import { redirect, type ClientLoaderFunctionArgs } from 'react-router';

export const clientLoader = ({ request }: ClientLoaderFunctionArgs) =>
  redirect(`/${new URL(request.url).search}`);

export default function ImpersonationRedirect() {
  return null;
}
