import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store';
import { json, stubFetch, urlOf } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { useOwnProfile } from './api';
import { EmailPreferences } from './email-preferences';

function Harness() {
  const profile = useOwnProfile();
  return profile.data ? <EmailPreferences profile={profile.data} /> : null;
}

describe('EmailPreferences', () => {
  const fetchMock = stubFetch();
  let saved: unknown[] = [];

  beforeEach(() => {
    saved = [];
    useSession.setState({ bearerToken: 'token', expiry: Date.now() + 60_000, tenantID: 't', userID: 'u' });
    let attentionDigest = true;
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(urlOf(input), init);
      if (urlOf(input).includes('api/id/preferences')) {
        const body = (await request.json()) as { attentionDigest: boolean };
        saved.push(body);
        attentionDigest = body.attentionDigest;
      }
      return json({ firstName: 'Rita', lastName: 'Realtor', roles: ['Realtor'], attentionDigest });
    });
  });

  it('turns the morning email off and shows it off', async () => {
    renderWithProviders(<Harness />);
    const toggle = await screen.findByRole('switch', { name: /Morning email/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ attentionDigest: false }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect((toggle as HTMLInputElement).disabled).toBe(false);
  });
});
