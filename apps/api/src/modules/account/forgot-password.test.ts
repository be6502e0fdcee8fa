import { describe, expect, it } from 'vitest';
import { afterResponse } from '../../lib/after-response';
import { memoryCounterStore } from '../../lib/counter-store';
import { signer } from '../../lib/signing';
import type { AuditService } from '../audit';
import type { AccountRepository } from './account.repository';
import { accountMessages, accountService } from './account.service';

/**
 * Forgot-password responds before it does anything for the address, so the time the response takes
 * cannot tell a known address from an unknown one: the path up to the response is the same for both.
 */
function serviceWith(known: boolean) {
  const calls: string[] = [];
  const accounts = {
    findActiveUserByEmail: async (email: string) => {
      calls.push('look up the address');
      return known ? { tenantId: 't', id: 'u', email, firstName: 'Kim' } : undefined;
    },
    corporationBrand: async () => ({ name: 'Acme Realty', colour: null, hasImage: false }),
    createReset: async () => void calls.push('store a link and queue its email'),
    decoyReset: async () => void calls.push('the same kind of work, writing nothing'),
  } as unknown as AccountRepository;
  const audit = { record: async () => void calls.push('audit') } as unknown as AuditService;
  const later = afterResponse((error) => {
    throw error;
  });
  const service = accountService({
    accounts,
    counters: memoryCounterStore(),
    audit,
    portalUrl: 'http://localhost/ui/',
    signing: signer(async () => Buffer.alloc(32, 1)),
    later,
    startClientSession: () => Promise.reject(new Error('no sign-in in these tests')),
  });
  return { service, calls, later };
}

describe('forgot password', () => {
  for (const known of [true, false]) {
    it(`responds for ${known ? 'a known' : 'an unknown'} address before anything is done for it`, async () => {
      const { service, calls, later } = serviceWith(known);
      const response = await service.requestPasswordReset({ email: 'kim@acme.test' }, '10.0.0.1');
      expect(response).toEqual({ message: accountMessages.resetRequested });
      expect(calls).toEqual([]);

      await later.settled();
      expect(calls).toEqual(
        known
          ? ['look up the address', 'store a link and queue its email', 'audit']
          : ['look up the address', 'the same kind of work, writing nothing'],
      );
    });
  }
});
