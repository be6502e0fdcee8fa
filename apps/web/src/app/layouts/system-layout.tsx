import { PortalShell } from './portal-shell';

export default function SystemLayout() {
  return <PortalShell area="System" />;
}
