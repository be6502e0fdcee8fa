import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notifications as toasts } from '@mantine/notifications';
import type { TenantUser } from '@homeminder/shared/contracts/admin';
import { errorMessageOf } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { useRequestImpersonation } from '../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Asks before acting as another user, then starts it and lands on Home through
 * /ImpersonationRedirect, where the banner "You are acting as ..." shows the way back.
 */
export function ActAsDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const navigate = useNavigate();
  const start = useRequestImpersonation();
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  // Resolved once this screen has left the page (see confirm).
  const left = useRef<(() => void) | null>(null);
  useEffect(() => () => left.current?.(), []);

  const confirm = async () => {
    if (!user) return;
    try {
      const token = await start.mutateAsync(user.id);
      // Leave this screen before switching: the other user may not open it, and it must not ask
      // the server again in their name while it is still on the page. Home is open to everyone;
      // it then loads again as the other user.
      const gone = new Promise<void>((resolve) => {
        left.current = resolve;
      });
      void navigate('/ImpersonationRedirect');
      await gone;
      await useSession
        .getState()
        .setImpersonatedToken(token)
        .catch((error: unknown) => {
          toasts.show({ color: 'red', title: `Could not act as ${name}`, message: errorMessageOf(error) });
          return useSession.getState().clearImpersonation();
        });
    } catch {
      // The dialog shows the server's reason (for example: this user may do more than you).
    }
  };

  return (
    <ConfirmDialog
      opened={user !== null}
      title={`Act as ${name}?`}
      confirmLabel={`Act as ${user?.firstName ?? 'user'}`}
      mutation={start}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      You will see the portal and work exactly as {name} does, for up to one hour. Everything you do is
      recorded in the audit log under your own name too. Choose “Stop acting” in the orange banner to come
      back to your own account.
    </ConfirmDialog>
  );
}
