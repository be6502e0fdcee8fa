import { describe, expect, it } from 'vitest';
import { contractChecker, type OperationKey } from '../test/openapi-contract';
import { authCalls, ownProfileCalls, tenantUserCalls } from '../test/contract-calls/accounts';
import {
  bulkCalls,
  corporationCalls,
  licenseCalls,
  notificationAndTemplateCalls,
} from '../test/contract-calls/admin';
import {
  clientCalls,
  clientRemovalCalls,
  emailLinkCalls,
  fixtureClients,
} from '../test/contract-calls/clients';
import { homeownerCalls } from '../test/contract-calls/homeowner';
import { mailRelayCalls } from '../test/contract-calls/mail-relays';
import { contractTwilio } from '../test/contract-calls/texts';
import { testRelays } from '../test/relay-reports';
import { callerOf, probeRefusals, type Call, type ContractRun } from '../test/contract-calls/runner';
import { drivers, signInRoles, skipDriver, useTestApp } from '../test/test-app';

// docs/openapi.json must be true: every documented operation is called, for its success and for
// each refusal it documents, and every response is held to the document (test/openapi-contract.ts).
// A route added to the document without a call here fails the last test.

for (const driver of drivers) {
  describe.skipIf(skipDriver(driver))(`the OpenAPI document against the API's responses [${driver}]`, () => {
    const checker = contractChecker();
    const templates = new Map<OperationKey, Call>();

    describe('every operation, its successes and its refusals', () => {
      const relays = testRelays();
      const t = useTestApp(driver, { ...relays.appOptions, twilio: contractTwilio });
      const caller = callerOf(() => t, checker, templates);
      const run = { t, call: caller.call, state: new Map<string, string>() } as ContractRun;

      it('responds as documented', { timeout: 300_000 }, async () => {
        const roles = await signInRoles(t);
        run.as = {
          sysadmin: roles.sysadmin,
          acmeAdmin: roles.acmeAdmin,
          manager: roles.acmeManager,
          realtor: roles.acmeRealtor,
          realtor2: await t.login('realtor2@acme.test'),
          birchAdmin: roles.birchAdmin,
        };
        const clients = await fixtureClients(run);
        await authCalls(run);
        await tenantUserCalls(run);
        await ownProfileCalls(run);
        await clientCalls(run, clients);
        await emailLinkCalls(run, clients);
        await homeownerCalls(run, clients[4]!);
        await corporationCalls(run);
        await licenseCalls(run);
        await notificationAndTemplateCalls(run);
        await bulkCalls(run);
        await mailRelayCalls(run, relays);
        await clientRemovalCalls(run);
        await probeRefusals(run, caller.send, templates, checker);
      });
    });

    describe('past the per-address request limit', () => {
      const limited = useTestApp(driver, { requestLimit: { max: 1, windowMs: 60_000 } });
      const caller = callerOf(() => limited, checker, new Map());

      it('responds 429 to every operation', { timeout: 120_000 }, async () => {
        for (const [op, template] of templates) {
          const { as: _token, ...request } = template;
          const address = caller.nextAddress();
          await caller.send(op, request, address);
          const refused = await caller.send(op, request, address);
          expect(refused.statusCode, op).toBe(429);
        }
      });
    });

    it('matched the document in every response, and reached every operation and status', () => {
      const counts = checker.counts();
      console.log(
        `OpenAPI contract [${driver}]: ${counts.operations} operations, ${counts.responses} answers validated, ${counts.mismatches} mismatches`,
      );
      expect(checker.mismatches()).toEqual([]);
      expect(checker.unexercised()).toEqual([]);
      expect([...checker.exercisedOperations()].sort()).toEqual([...checker.operations.keys()].sort());
    });
  });
}
