import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import {
  sendingDomainWords,
  type DnsRecord,
  type SendingDomain,
} from '@homeminder/shared/contracts/sending-domain';
import type { AuditAction } from '@homeminder/shared/audit-labels';
import type { Caller } from '../../access/auth-context';
import { accessibleTenant, tenantAccessMessages } from '../../access/tenant-access';
import { NotFoundError } from '../../lib/errors';
import { mailboxOf } from '../../lib/mail/links';
import type { AuditService } from '../audit';
import type { SendingDomainRepository, SendingDomainRow } from './sending-domain.repository';

/** The TXT records of a name, each as the strings DNS holds it in (node:dns's `resolveTxt`). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

interface Dependencies {
  domains: SendingDomainRepository;
  corporationExists: (tenantId: string) => Promise<boolean>;
  audit: AuditService;
  /** The portal's own From line: its mailbox's name is kept on the corporation's domain. */
  mailFrom: string;
  resolveTxt: ResolveTxt;
  now: () => Date;
}

const newKeyPair = promisify(generateKeyPair);

/**
 * A corporation's own sending domain (docs/decisions/105): a 2048-bit RSA key made here, the DNS
 * records to publish, and a check of the DKIM record before any mail is signed with it.
 */
export function sendingDomainService({
  domains,
  corporationExists,
  audit,
  mailFrom,
  resolveTxt,
  now,
}: Dependencies) {
  const [localPart, portalDomain] = mailboxOf(mailFrom).split('@') as [string, string];

  async function tenantOf(actor: Caller, id: string): Promise<string> {
    const tenantId = accessibleTenant(actor.auth, id);
    if (!(await corporationExists(tenantId)))
      throw new NotFoundError(tenantAccessMessages.corporationNotFound);
    return tenantId;
  }

  function recordsOf(row: SendingDomainRow): DnsRecord[] {
    return [
      {
        purpose: 'DKIM',
        type: 'TXT',
        name: `${row.selector}._domainkey.${row.domain}`,
        value: `v=DKIM1; k=rsa; p=${row.publicKey}`,
      },
      { purpose: 'SPF', type: 'TXT', name: row.domain, value: `v=spf1 include:${portalDomain} ~all` },
      {
        purpose: 'DMARC',
        type: 'TXT',
        name: `_dmarc.${row.domain}`,
        value: 'v=DMARC1; p=none; adkim=r; aspf=r',
      },
    ];
  }

  function shown(row: SendingDomainRow | undefined, message?: string): SendingDomain {
    if (!row)
      return { domain: null, fromAddress: null, status: 'none', verifiedAt: null, records: [], message };
    return {
      domain: row.domain,
      fromAddress: `${localPart}@${row.domain}`,
      status: row.verifiedAt ? 'verified' : 'waiting',
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      records: recordsOf(row),
      ...(message !== undefined && { message }),
    };
  }

  const record = (
    actor: Caller,
    tenantId: string,
    action: Extract<AuditAction, `corporation.sending-domain-${string}`>,
    domain: string,
  ) =>
    audit.record({
      tenantId,
      actorUserId: actor.auth.userId,
      action,
      recordType: 'corporation',
      recordId: tenantId,
      details: { domain },
      ipAddress: actor.ip,
    });

  return {
    async get(actor: Caller, id: string): Promise<SendingDomain> {
      return shown(await domains.find(await tenantOf(actor, id)));
    },

    /** Sets the domain and makes its key; the same domain again keeps the key it has. */
    async set(actor: Caller, id: string, domain: string): Promise<SendingDomain> {
      const tenantId = await tenantOf(actor, id);
      const current = await domains.find(tenantId);
      if (current?.domain === domain) return shown(current, sendingDomainWords.set(domain));
      const at = now();
      const { publicKey, privateKey } = await newKeyPair('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await domains.replace(
        {
          tenantId,
          domain,
          // A selector per key, so a new key never clashes with a record still cached for the old one.
          selector: `hm${at.toISOString().slice(0, 10).replaceAll('-', '')}`,
          privateKey,
          publicKey: publicKey.toString('base64'),
        },
        at,
      );
      await record(actor, tenantId, 'corporation.sending-domain-set', domain);
      return shown(await domains.find(tenantId), sendingDomainWords.set(domain));
    },

    /** Looks the DKIM record up; once it holds this key, the corporation's mail is signed and sent from it. */
    async check(actor: Caller, id: string): Promise<SendingDomain> {
      const tenantId = await tenantOf(actor, id);
      const row = await domains.find(tenantId);
      if (!row) throw new NotFoundError(sendingDomainWords.notSetUp);
      const [dkim] = recordsOf(row);
      const published = await resolveTxt(dkim!.name).catch(() => [] as string[][]);
      const found = published.some((chunks) =>
        chunks.join('').replace(/\s+/g, '').includes(`p=${row.publicKey}`),
      );
      if (!found) return shown(row, sendingDomainWords.notFound);
      if (!row.verifiedAt) {
        await domains.markVerified(tenantId, now());
        await record(actor, tenantId, 'corporation.sending-domain-verified', row.domain);
      }
      return shown(await domains.find(tenantId), sendingDomainWords.found);
    },

    async remove(actor: Caller, id: string): Promise<SendingDomain> {
      const tenantId = await tenantOf(actor, id);
      const row = await domains.find(tenantId);
      if (row && (await domains.remove(tenantId)))
        await record(actor, tenantId, 'corporation.sending-domain-removed', row.domain);
      return shown(undefined, sendingDomainWords.removed);
    },
  };
}
export type SendingDomainService = ReturnType<typeof sendingDomainService>;
