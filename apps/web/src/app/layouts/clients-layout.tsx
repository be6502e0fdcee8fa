import { PortalShell } from './portal-shell';

export default function ClientsLayout() {
  return <PortalShell area="Clients" />;
}
