import { PortalShell } from './portal-shell';

export const PortalLayout = () => <PortalShell />;
export const AdminLayout = () => <PortalShell area="Administration" />;
export const ClientsLayout = () => <PortalShell area="Clients" />;
export const SystemLayout = () => <PortalShell area="System" />;
