import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendingDomainWords, type SendingDomain } from '@homeminder/shared/contracts/sending-domain';
import { ApiError, errorMessagesFrom } from '../../../lib/api-error';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { SendingDomainCard } from './sending-domain-card';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const path = '/corporation/settings/sendingDomain/:id';
const none: SendingDomain = {
  domain: null,
  fromAddress: null,
  status: 'none',
  verifiedAt: null,
  records: [],
};
const dkimName = 'hm20260101._domainkey.mail.example.com';
const waiting: SendingDomain = {
  domain: 'mail.example.com',
  fromAddress: 'reminders@mail.example.com',
  status: 'waiting',
  verifiedAt: null,
  records: [
    { purpose: 'DKIM', type: 'TXT', name: dkimName, value: `v=DKIM1; k=rsa; p=${'A'.repeat(392)}` },
    { purpose: 'SPF', type: 'TXT', name: 'mail.example.com', value: 'v=spf1 include:homeminder.test ~all' },
    { purpose: 'DMARC', type: 'TXT', name: '_dmarc.mail.example.com', value: 'v=DMARC1; p=none' },
  ],
};

const domainField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Your domain/ });
/** What a field's `aria-describedby` points at: its description and its error. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  mockOf(api.get).mockResolvedValue(none);
});
afterEach(() => vi.clearAllMocks());

describe('sending from the corporation’s own domain', () => {
  it('sends the domain typed, then shows its state, From address and the three records to publish', async () => {
    mockOf(api.put).mockResolvedValue({ ...waiting, message: sendingDomainWords.set('mail.example.com') });
    renderWithProviders(<SendingDomainCard tenantId="t-acme" canManage />);
    expect(await screen.findByText(/No sending domain is set up/)).toBeTruthy();

    await userEvent.type(await screen.findByRole('textbox', { name: /Your domain/ }), ' Mail.Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Use this domain' }));

    expect(await screen.findByText(sendingDomainWords.set('mail.example.com'))).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith(path, {
      params: { id: 't-acme' },
      body: { domain: 'mail.example.com' },
    });
    expect(screen.getByText(sendingDomainWords.waiting)).toBeTruthy();
    expect(screen.getByText('reminders@mail.example.com')).toBeTruthy();
    const records = within(screen.getByRole('list', { name: 'DNS records' })).getAllByRole('listitem');
    expect(records.map((record) => record.getAttribute('aria-label'))).toEqual([
      'DKIM record',
      'SPF record',
      'DMARC record',
    ]);
    const dkim = within(records[0]!);
    expect(dkim.getByText(dkimName)).toBeTruthy();
    expect(dkim.getByText('TXT')).toBeTruthy();
    expect(dkim.getByRole('button', { name: "Copy the DKIM record's name" })).toBeTruthy();
    expect(dkim.getByRole('button', { name: "Copy the DKIM record's value" })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Your domain/ })).toBeNull();
    // The answer is the card's data: nothing is read again.
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a domain under the field, and checks a domain's form before sending", async () => {
    const refusal = 'That domain is the portal’s own: choose one of your company’s.';
    mockOf(api.put).mockRejectedValue(
      new ApiError(errorMessagesFrom(JSON.stringify({ Errors: [refusal] }), 'application/json'), 400),
    );
    renderWithProviders(<SendingDomainCard tenantId="t-acme" canManage />);

    await userEvent.type(await screen.findByRole('textbox', { name: /Your domain/ }), 'http://example');
    await userEvent.click(screen.getByRole('button', { name: 'Use this domain' }));
    await waitFor(() => expect(domainField().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(domainField())).toContain(sendingDomainWords.domainInvalid);
    expect(api.put).not.toHaveBeenCalled();

    await userEvent.clear(domainField());
    await userEvent.type(domainField(), 'mail.homeminder.test');
    await userEvent.click(screen.getByRole('button', { name: 'Use this domain' }));
    await waitFor(() => expect(describedBy(domainField())).toContain(refusal));
    expect(domainField().getAttribute('aria-invalid')).toBe('true');
    expect(api.put).toHaveBeenCalledTimes(1);
    // Under the field only, not in an alert besides.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the records and says what it found', async () => {
    mockOf(api.get).mockResolvedValue(waiting);
    mockOf(api.post).mockResolvedValue({ ...waiting, message: sendingDomainWords.notFound });
    renderWithProviders(<SendingDomainCard tenantId="t-acme" canManage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Check the records' }));
    expect((await screen.findByRole('status')).textContent).toBe(sendingDomainWords.notFound);
    expect(api.post).toHaveBeenCalledWith(`${path}/check`, { params: { id: 't-acme' } });
    expect(screen.getByText(sendingDomainWords.waiting)).toBeTruthy();

    mockOf(api.post).mockResolvedValue({
      ...waiting,
      status: 'verified',
      verifiedAt: '2026-01-02T10:00:00.000Z',
      message: sendingDomainWords.found,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Check the records' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(sendingDomainWords.found));
    expect(screen.getByText(sendingDomainWords.verified)).toBeTruthy();
  });

  it('stops using the domain only once asked, then offers the form again', async () => {
    mockOf(api.get).mockResolvedValue(waiting);
    mockOf(api.delete).mockResolvedValue({ ...none, message: sendingDomainWords.removed });
    renderWithProviders(<SendingDomainCard tenantId="t-acme" canManage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Stop using this domain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop using your domain?' });
    expect(api.delete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop using this domain' }));

    expect(await screen.findByText(sendingDomainWords.removed)).toBeTruthy();
    expect(api.delete).toHaveBeenCalledWith(path, { params: { id: 't-acme' } });
    expect(domainField().value).toBe('');
  });

  it('is not there for whoever may not manage the corporation, and asks nothing', () => {
    renderWithProviders(<SendingDomainCard tenantId="t-acme" canManage={false} />);
    expect(screen.queryByRole('heading', { name: sendingDomainWords.title })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });
});
