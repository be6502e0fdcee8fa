import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LicensingSummary } from '@homeminder/shared/contracts/admin';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { LicensingCard } from './licensing-card';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const summary = (changes: Partial<LicensingSummary>): LicensingSummary => ({
  licensed: 25,
  used: 12,
  available: 13,
  pending: 2,
  unsubscribed: 0,
  licenseEndedOn: null,
  ...changes,
});

afterEach(() => vi.clearAllMocks());

describe('LicensingCard', () => {
  it('says how many properties in use belong to clients who unsubscribed, and how to free them', async () => {
    mockOf(api.get).mockResolvedValue(summary({ unsubscribed: 3 }));
    renderWithProviders(<LicensingCard tenantId="t-acme" />);
    expect((await screen.findByTestId('licensing-unsubscribed')).textContent).toBe(
      '3 properties whose clients unsubscribed use a license: they get no reminders, but their licenses ' +
        "are kept so the reminders can start again at the client's request. Disable them to free their licenses.",
    );
  });

  it('says it of one property in the singular, and nothing when there is none', async () => {
    mockOf(api.get).mockResolvedValue(summary({ unsubscribed: 1 }));
    const { unmount } = renderWithProviders(<LicensingCard tenantId="t-acme" />);
    expect((await screen.findByTestId('licensing-unsubscribed')).textContent).toMatch(
      /^1 property whose client unsubscribed uses a license: it gets no reminders, but its license is kept/,
    );
    unmount();
    mockOf(api.get).mockResolvedValue(summary({ unsubscribed: 0 }));
    renderWithProviders(<LicensingCard tenantId="t-acme" />);
    await screen.findByText('Licensing');
    expect(screen.queryByTestId('licensing-unsubscribed')).toBeNull();
  });
});
