import type { TenantUser } from '@homeminder/shared/contracts/admin';
import { EnableDialog, type EnableDialogProps } from '../../../components/enable-toggle';
import { useSetTenantUserEnabled } from '../api';

export function EnableUserDialog({ target, onClose }: EnableDialogProps<TenantUser>) {
  const toggle = useSetTenantUserEnabled();
  return (
    <EnableDialog
      target={target}
      onClose={onClose}
      toggle={toggle}
      save={(user) => toggle.mutateAsync({ user, enabled: !user.enabled })}
      name={(user) => `${user.firstName} ${user.lastName}`}
      noun="user"
      consequence={(user) =>
        user.enabled
          ? `${user.firstName} will be signed out at once and cannot sign in until you enable the account again.`
          : `${user.firstName} can sign in again with their password.`
      }
    />
  );
}
