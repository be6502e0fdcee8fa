import { redirect } from 'react-router';

export const clientLoader = () => redirect('/sys/notifications');

export default function SysRedirect() {
  return null;
}
