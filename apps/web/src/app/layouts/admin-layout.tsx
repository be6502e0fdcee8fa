import { PortalShell } from './portal-shell';

export default function AdminLayout() {
  return <PortalShell area="Administration" />;
}
