import '@mantine/core/styles/Combobox.css';
import { Select, type SelectProps } from '@mantine/core';
import type { RealtorOption } from '@homeminder/shared/contracts/clients';

/** The first choice: no realtor filter. */
const allRealtors = 'all';

/**
 * The Realtor filter of those who see every realtor's clients: "All realtors" (null) first, then
 * each realtor by name. `noneLabel` names the first choice where null means no realtor.
 */
export function RealtorSelect({
  realtors,
  value,
  onChange,
  label = 'Realtor',
  noneLabel = 'All realtors',
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  realtors: RealtorOption[] | undefined;
  value: string | null;
  onChange: (realtorId: string | null) => void;
  noneLabel?: string;
}) {
  return (
    <Select
      label={label}
      data={[
        { value: allRealtors, label: noneLabel },
        ...(realtors ?? []).map((realtor) => ({
          value: realtor.id,
          label: `${realtor.firstName} ${realtor.lastName}`,
        })),
      ]}
      value={value ?? allRealtors}
      onChange={(next) => onChange(!next || next === allRealtors ? null : next)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No realtor of that name"
      {...props}
    />
  );
}
