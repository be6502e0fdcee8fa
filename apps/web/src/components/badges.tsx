import { Badge, Text } from '@mantine/core';
import { roleLabels, type TenantUserRole } from '@homeminder/shared/contracts/admin';

/**
 * A light badge in the colour's lightest and darkest shades: Mantine's own light pair is below
 * 4.5:1 for some colours (teal), which WCAG AA does not allow for text this small.
 */
function LightBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge
      variant="light"
      color={color}
      style={{
        '--badge-bg': `var(--mantine-color-${color}-0)`,
        '--badge-color': `var(--mantine-color-${color}-9)`,
        // Never cut short ("ENAB…") beside a long name or email: those wrap instead.
        minWidth: 'max-content',
      }}
    >
      {children}
    </Badge>
  );
}

export function StatusBadge({ enabled }: { enabled: boolean }) {
  return <LightBadge color={enabled ? 'teal' : 'gray'}>{enabled ? 'Enabled' : 'Disabled'}</LightBadge>;
}

const roleColors: Record<string, string> = { CorporateAdmin: 'grape', Managers: 'blue', Realtor: 'teal' };

export function RoleBadge({ role }: { role: string | null }) {
  if (!role) return <Text c="gray.7">—</Text>;
  return (
    <LightBadge color={roleColors[role] ?? 'gray'}>{roleLabels[role as TenantUserRole] ?? role}</LightBadge>
  );
}
