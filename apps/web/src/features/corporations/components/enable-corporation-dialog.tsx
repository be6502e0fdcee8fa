import type { CorporationDetails, CorporationListItem } from '@homeminder/shared/contracts/admin';
import { allOf } from '@homeminder/shared/format';
import { EnableDialog, type EnableDialogProps } from '../../../components/enable-toggle';
import { useSetCorporationEnabled } from '../api';

export function EnableCorporationDialog({
  target,
  onClose,
}: EnableDialogProps<CorporationListItem | CorporationDetails>) {
  const toggle = useSetCorporationEnabled();
  return (
    <EnableDialog
      target={target}
      onClose={onClose}
      toggle={toggle}
      save={(corporation) => toggle.mutateAsync({ id: corporation.id, enabled: !corporation.enabled })}
      name={(corporation) => corporation.name}
      noun="company"
      consequence={(corporation) =>
        corporation.enabled
          ? `${'userCount' in corporation ? allOf(corporation.userCount, 'user') : 'Every user'} of ${corporation.name} will be signed out at once and cannot sign in until the company is enabled again.`
          : `The users of ${corporation.name} can sign in again.`
      }
    />
  );
}
