import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerTokenLifetimeMs, mintAnswerToken, readAnswerToken, type AnswerClaim } from './answer-token';
import { mintUnsubscribeToken, signer } from './signing';

const key = randomBytes(32);
const signing = signer(async () => key);
const now = new Date('2026-11-24T14:00:00Z');
const claim: AnswerClaim = {
  kind: 'done',
  tenantId: '11111111-1111-4111-8111-111111111111',
  clientUserId: '22222222-2222-4222-8222-222222222222',
  subscriptionId: '33333333-3333-4333-8333-333333333333',
  dueAt: new Date('2026-11-24T14:00:00Z'),
  expiresAt: new Date(now.getTime() + answerTokenLifetimeMs),
};

describe('answer tokens', () => {
  it('carry the corporation, client, subscription, due date and expiry, URL-safe', async () => {
    const token = await mintAnswerToken(signing, claim);
    expect(token).toMatch(/^[A-Za-z0-9_-]{118}$/);
    expect(await readAnswerToken(signing, 'done', token, now)).toEqual(claim);
  });

  it('work for 60 days and not a second longer', async () => {
    const token = await mintAnswerToken(signing, claim);
    const lastSecond = new Date(claim.expiresAt.getTime() - 1000);
    expect(await readAnswerToken(signing, 'done', token, lastSecond)).not.toBeNull();
    expect(await readAnswerToken(signing, 'done', token, claim.expiresAt)).toBeNull();
    expect(answerTokenLifetimeMs).toBe(60 * 86_400_000);
  });

  it('are refused for another answer than their own', async () => {
    const done = await mintAnswerToken(signing, claim);
    expect(await readAnswerToken(signing, 'later', done, now)).toBeNull();
    expect(await readAnswerToken(signing, 'help', done, now)).toBeNull();
    const later = await mintAnswerToken(signing, { ...claim, kind: 'later' });
    expect(await readAnswerToken(signing, 'later', later, now)).toMatchObject({ kind: 'later' });
    expect(await readAnswerToken(signing, 'done', later, now)).toBeNull();
  });

  it('are refused when altered, cut, signed by another key, or of another kind', async () => {
    const token = await mintAnswerToken(signing, claim);
    // Every single character changed in turn.
    for (let index = 0; index < token.length; index += 7) {
      const swapped = token[index] === 'A' ? 'B' : 'A';
      const altered = `${token.slice(0, index)}${swapped}${token.slice(index + 1)}`;
      expect(await readAnswerToken(signing, 'done', altered, now)).toBeNull();
    }
    expect(await readAnswerToken(signing, 'done', token.slice(0, -2), now)).toBeNull();
    expect(await readAnswerToken(signing, 'done', `${token}AA`, now)).toBeNull();
    expect(await readAnswerToken(signing, 'done', 'not a token!', now)).toBeNull();
    const otherKey = signer(async () => randomBytes(32));
    expect(await readAnswerToken(otherKey, 'done', token, now)).toBeNull();
    const unsubscribe = await mintUnsubscribeToken(signing, {
      tenantId: claim.tenantId,
      clientUserId: claim.clientUserId,
      expiresAt: claim.expiresAt,
    });
    expect(await readAnswerToken(signing, 'done', unsubscribe, now)).toBeNull();
  });
});
