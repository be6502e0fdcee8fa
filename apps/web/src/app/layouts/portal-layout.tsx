import { PortalShell } from './portal-shell';

export default function PortalLayout() {
  return <PortalShell />;
}
