import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { bulkTenant, useBulkState } from './bulk-state';

const acme = { id: '0a0a0a0a-0000-4000-8000-000000000ac3', name: 'Acme Realty' };

describe('bulk state', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useBulkState.setState({ selectedCompany: null, addUserResults: null });
  });

  it('keeps the chosen company and the results in session storage', () => {
    useBulkState.getState().selectCompany(acme);
    useBulkState.getState().recordResults({ created: 3, errors: { a: 'bad' }, needsLicenses: 2 });
    const stored = JSON.parse(sessionStorage.getItem('homeminder:bulk') ?? '{}') as {
      state: {
        selectedCompany: unknown;
        addUserResults: { added: number; errors: number; licenseOverage: number };
      };
    };
    expect(stored.state.selectedCompany).toEqual(acme);
    expect(stored.state.addUserResults).toMatchObject({ added: 3, errors: 1, licenseOverage: 2 });
    expect(localStorage.getItem('homeminder:bulk')).toBeNull();
  });

  it('clears earlier results when a company is chosen', () => {
    useBulkState.getState().recordResults({ created: 1, errors: {}, needsLicenses: 0 });
    useBulkState.getState().selectCompany({ ...acme, name: 'Acme' });
    expect(useBulkState.getState().addUserResults).toBeNull();
  });

  it('needs a company for someone who acts across tenants', () => {
    expect(bulkTenant(true, 'own', null)).toEqual({ tenantId: null, error: messages.tenantRequired });
    expect(bulkTenant(true, 'own', acme)).toEqual({ tenantId: acme.id, error: null });
    expect(bulkTenant(false, 'own', acme)).toEqual({ tenantId: 'own', error: null });
  });
});
