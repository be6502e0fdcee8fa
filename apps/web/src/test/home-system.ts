import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';

/** A home's system with nothing known of it but what `values` say: no details, label or manual. */
export function testHomeSystem(
  values: Pick<HomeSystem, 'id' | 'kind' | 'updatedAt'> & Partial<HomeSystem>,
): HomeSystem {
  return {
    type: null,
    installedYear: null,
    installedMonth: null,
    brand: null,
    model: null,
    serial: null,
    filterSize: null,
    capacity: null,
    waterFilter: null,
    fuel: null,
    warrantyEndsOn: null,
    notes: null,
    label: null,
    manual: null,
    ...values,
  };
}
