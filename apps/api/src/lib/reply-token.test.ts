import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  replyTokenLifetimeMs,
  mintReplyToken,
  mintReplyTokens,
  readReplyToken,
  type ReplyClaim,
} from './reply-token';
import { mintUnsubscribeToken, signer } from './signing';

const key = randomBytes(32);
const signing = signer(async () => key);
const now = new Date('2026-11-24T14:00:00Z');
const claim: ReplyClaim = {
  kind: 'done',
  tenantId: '11111111-1111-4111-8111-111111111111',
  clientUserId: '22222222-2222-4222-8222-222222222222',
  subscriptionId: '33333333-3333-4333-8333-333333333333',
  dueAt: new Date('2026-11-24T14:00:00Z'),
  expiresAt: new Date(now.getTime() + replyTokenLifetimeMs),
};

describe('reply tokens', () => {
  it('carry the corporation, client, subscription, due date and expiry, URL-safe', async () => {
    const token = await mintReplyToken(signing, claim);
    expect(token).toMatch(/^[A-Za-z0-9_-]{118}$/);
    expect(await readReplyToken(signing, 'done', token, now)).toEqual(claim);
  });

  it('work for 60 days and not a second longer', async () => {
    const token = await mintReplyToken(signing, claim);
    const lastSecond = new Date(claim.expiresAt.getTime() - 1000);
    expect(await readReplyToken(signing, 'done', token, lastSecond)).not.toBeNull();
    expect(await readReplyToken(signing, 'done', token, claim.expiresAt)).toBeNull();
    expect(replyTokenLifetimeMs).toBe(60 * 86_400_000);
  });

  it('are minted for every reply of a task at once, once the key is loaded, each for its own reply', async () => {
    const fresh = signer(async () => key);
    const { kind: _kind, ...task } = claim;
    expect(() => mintReplyTokens(fresh, task)).toThrow(/ready/);
    await fresh.ready();
    const tokens = mintReplyTokens(fresh, task);
    expect(tokens.map((token) => token.kind)).toEqual(['done', 'later', 'help']);
    for (const { kind, token } of tokens) {
      expect(token).toBe(await mintReplyToken(signing, { ...task, kind }));
      expect(await readReplyToken(signing, kind, token, now)).toEqual({ ...task, kind });
      for (const other of tokens.filter((each) => each.kind !== kind))
        expect(await readReplyToken(signing, other.kind, token, now)).toBeNull();
    }
  });

  it('are refused for another reply than their own', async () => {
    const done = await mintReplyToken(signing, claim);
    expect(await readReplyToken(signing, 'later', done, now)).toBeNull();
    expect(await readReplyToken(signing, 'help', done, now)).toBeNull();
    const later = await mintReplyToken(signing, { ...claim, kind: 'later' });
    expect(await readReplyToken(signing, 'later', later, now)).toMatchObject({ kind: 'later' });
    expect(await readReplyToken(signing, 'done', later, now)).toBeNull();
  });

  it('are refused when altered, cut, signed by another key, or of another kind', async () => {
    const token = await mintReplyToken(signing, claim);
    // Every single character changed in turn.
    for (let index = 0; index < token.length; index += 7) {
      const swapped = token[index] === 'A' ? 'B' : 'A';
      const altered = `${token.slice(0, index)}${swapped}${token.slice(index + 1)}`;
      expect(await readReplyToken(signing, 'done', altered, now)).toBeNull();
    }
    expect(await readReplyToken(signing, 'done', token.slice(0, -2), now)).toBeNull();
    expect(await readReplyToken(signing, 'done', `${token}AA`, now)).toBeNull();
    expect(await readReplyToken(signing, 'done', 'not a token!', now)).toBeNull();
    const otherKey = signer(async () => randomBytes(32));
    expect(await readReplyToken(otherKey, 'done', token, now)).toBeNull();
    const unsubscribe = await mintUnsubscribeToken(signing, {
      tenantId: claim.tenantId,
      clientUserId: claim.clientUserId,
      expiresAt: claim.expiresAt,
    });
    expect(await readReplyToken(signing, 'done', unsubscribe, now)).toBeNull();
  });
});
