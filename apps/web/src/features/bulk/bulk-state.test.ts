import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { useSession } from '../../lib/session-store';
import { bulkTenant, useBulkState } from './bulk-state';

const acme = { id: '0a0a0a0a-0000-4000-8000-000000000ac3', name: 'Acme Realty' };
const birch = { id: '0b0b0b0b-0000-4000-8000-000000000b1c', name: 'Birch Homes' };
const storageKey = 'homeminder:personal:bulk';

/** Signs in as a person of a corporation, as the session store ends up after who-am-i. */
function signIn(token: string, userID: string, tenantID: string) {
  useSession.setState({ bearerToken: token, expiry: Date.now() + 60_000, userID, tenantID, identity: null });
}

/** What a reload of the tab reads back: the saved state, if it is this person's. */
async function reload(): Promise<Pick<BulkStateValues, 'selectedCompany' | 'addUserResults'>> {
  const saved = await useBulkState.persist.getOptions().storage?.getItem('bulk');
  return (saved?.state as BulkStateValues | undefined) ?? { selectedCompany: null, addUserResults: null };
}

type BulkStateValues = ReturnType<typeof useBulkState.getState>;

describe('bulk state', () => {
  beforeEach(() => {
    useSession.getState().clearBearerToken();
    sessionStorage.clear();
    useBulkState.setState({ selectedCompany: null, addUserResults: null });
    signIn('acme-token', 'acme-admin', acme.id);
  });

  it('keeps the chosen corporation and the results in session storage', async () => {
    useBulkState.getState().selectCorporation(acme);
    useBulkState
      .getState()
      .recordResults({ created: 3, createdPending: 0, errors: { a: 'bad' }, needsLicenses: 2 });
    expect(sessionStorage.getItem(storageKey)).toContain('"added":3');
    expect(localStorage.getItem(storageKey)).toBeNull();
    const restored = await reload();
    expect(restored.selectedCompany).toEqual(acme);
    expect(restored.addUserResults).toMatchObject({ added: 3, errors: 1, licenseOverage: 2 });
  });

  it('clears earlier results when a corporation is chosen', () => {
    useBulkState.getState().recordResults({ created: 1, createdPending: 0, errors: {}, needsLicenses: 0 });
    useBulkState.getState().selectCorporation({ ...acme, name: 'Acme' });
    expect(useBulkState.getState().addUserResults).toBeNull();
  });

  it("forgets one corporation's results when its user signs out, so the next one never sees them", async () => {
    useBulkState
      .getState()
      .recordResults({ created: 1, createdPending: 0, errors: { a: 'Email: Acme row' }, needsLicenses: 0 });

    useSession.getState().clearBearerToken();
    expect(useBulkState.getState().addUserResults).toBeNull();
    expect(sessionStorage.getItem(storageKey)).toBeNull();

    signIn('birch-token', 'birch-admin', birch.id);
    expect((await reload()).addUserResults).toBeNull();
  });

  it('forgets them when someone else signs in, or starts or stops acting as someone', () => {
    useBulkState.getState().recordResults({ created: 1, createdPending: 0, errors: {}, needsLicenses: 0 });
    signIn('birch-token', 'birch-admin', birch.id);
    expect(useBulkState.getState().addUserResults).toBeNull();
    expect(sessionStorage.getItem(storageKey) ?? '').not.toContain('"added"');

    useBulkState.getState().selectCorporation(birch);
    useSession.setState({ impersonatedToken: 'acting-token' });
    expect(useBulkState.getState().selectedCompany).toBeNull();
    useBulkState.getState().selectCorporation(acme);
    useSession.setState({ impersonatedToken: null });
    expect(useBulkState.getState().selectedCompany).toBeNull();
  });

  it('does not read what another person saved in the tab (another tab replaced the session)', async () => {
    useBulkState
      .getState()
      .recordResults({ created: 1, createdPending: 0, errors: { a: 'Email: Acme row' }, needsLicenses: 0 });
    // Local storage now holds Birch's session; this tab's session storage still holds Acme's results.
    useSession.setState({ userID: 'birch-admin', tenantID: birch.id });
    expect((await reload()).addUserResults).toBeNull();
  });

  it('needs a corporation for someone who acts across tenants', () => {
    expect(bulkTenant(true, 'own', null)).toEqual({ tenantId: null, error: messages.tenantRequired });
    expect(bulkTenant(true, 'own', acme)).toEqual({ tenantId: acme.id, error: null });
    expect(bulkTenant(false, 'own', acme)).toEqual({ tenantId: 'own', error: null });
  });
});
