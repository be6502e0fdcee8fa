import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  homeProfileFields,
  homeProfileMessages,
  type HomeProfile,
  type HomeProfileInput,
} from '@homeminder/shared/contracts/home-profile';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { expectAudiencesKept, twoHomeownersWithHomes, type TestHomeowner } from '../../test/homeowners';

describeEachDriver("a home's profile", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let homeId: string;
  let otherHomeId: string;

  const ownPath = (id: string) => `/homeowner/homes/${id}/profile`;
  const staffPath = (id: string) => `/clients/properties/${id}/profile`;
  const save = (path: string, as: string, body: HomeProfileInput) =>
    t.api({ method: 'PUT', path, token: as, body });
  const read = async (path: string, as: string): Promise<HomeProfile> => {
    const response = await t.api({ path, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeProfile>();
  };
  /** The audit entries of the home's profile: the client's, naming the home. */
  const profileEntries = async (propertyId: string) =>
    (
      await t.rows<{
        actor_user_id: string;
        details: { propertyId: string; changes: { field: string; after: unknown }[] };
      }>(sql`
        select actor_user_id, details from audit_log
         where action = 'property.profile-changed' and record_type = 'client-user' and record_id = ${owner.id}
         order by at, id`)
    ).filter((entry) => entry.details.propertyId === propertyId);

  beforeAll(async () => {
    ({ owner, token, homeId, otherHomeId } = await twoHomeownersWithHomes(t));
  });

  it('starts with every answer "not sure", and keeps what the homeowner answers, a step at a time', async () => {
    const empty = await read(ownPath(homeId), token);
    expect(empty.updatedAt).toBeNull();
    expect(Object.values(empty.answers).every((answer) => answer === null)).toBe(true);

    const first = await save(ownPath(homeId), token, { homeKind: 'singleFamily', yearBuilt: 1998 });
    expect(first.statusCode, first.body).toBe(200);
    const answered: HomeProfileInput = {
      homeKind: 'singleFamily',
      yearBuilt: 1998,
      floorArea: 2100,
      sewer: 'septic',
      waterSupply: 'well',
      pool: false,
    };
    const second = await save(ownPath(homeId), token, answered);
    expect(second.statusCode, second.body).toBe(200);

    const kept = await read(ownPath(homeId), token);
    // What was not answered stays "not sure".
    expect(kept.answers).toMatchObject({ ...answered, attic: null, irrigation: null });
    expect(kept.updatedAt).not.toBeNull();

    // The audit log names who answered and what changed, once a save that changed something.
    const entries = await profileEntries(homeId);
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.actor_user_id === owner.id)).toBe(true);
    expect(entries[1]!.details.changes.map((change) => change.field).sort()).toEqual(
      ['floorArea', 'pool', 'sewer', 'waterSupply'].sort(),
    );
  });

  it('changes nothing and writes no entry when the answers are the same', async () => {
    const before = await read(ownPath(homeId), token);
    const again = await save(ownPath(homeId), token, before.answers);
    expect(again.statusCode).toBe(200);
    expect(again.json<HomeProfile>().updatedAt).toBe(before.updatedAt);
    expect(await profileEntries(homeId)).toHaveLength(2);
  });

  it('refuses answers out of range or not among the choices, with a message for each', async () => {
    const response = await save(ownPath(homeId), token, {
      yearBuilt: 1500,
      homeKind: 'castle' as never,
      stories: 2.5,
      attic: 'maybe' as never,
    });
    const errors = expectErrors(response, 400);
    const { yearBuilt, homeKind, stories, attic } = homeProfileFields;
    const thisYear = new Date().getUTCFullYear();
    expect(errors).toEqual(
      expect.arrayContaining([
        homeProfileMessages.numberRange(yearBuilt.label, String(yearBuilt.min), String(thisYear + 1)),
        homeProfileMessages.choice(homeKind.label),
        homeProfileMessages.numberRange(stories.label, String(stories.min), String(stories.max())),
        homeProfileMessages.yesNo(attic.label),
      ]),
    );
    expect((await read(ownPath(homeId), token)).answers.yearBuilt).toBe(1998);
  });

  it("never reaches another homeowner's home, and keeps staff and homeowners to their own routes", async () => {
    expectErrors(await t.api({ path: ownPath(otherHomeId), token }), 404, homeProfileMessages.homeNotFound);
    expectErrors(
      await save(ownPath(otherHomeId), token, { pool: true }),
      404,
      homeProfileMessages.homeNotFound,
    );
    await expectAudiencesKept(t, { own: ownPath(homeId), staff: staffPath(homeId) }, token);
    expectErrors(await t.api({ path: ownPath('not-an-id'), token }), 400);
  });

  describe('staff', () => {
    it("lets the client's realtor and a manager read and answer the same profile", async () => {
      const realtor = await t.login('realtor@acme.test');
      expect((await read(staffPath(homeId), realtor)).answers.sewer).toBe('septic');
      const answered = await save(staffPath(homeId), realtor, {
        ...(await read(staffPath(homeId), realtor)).answers,
        irrigation: true,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect((await read(ownPath(homeId), token)).answers.irrigation).toBe(true);
      const manager = await t.login('admin@acme.test');
      expect((await read(staffPath(homeId), manager)).answers.irrigation).toBe(true);
      const realtorEntry = (await profileEntries(homeId)).at(-1)!;
      expect(realtorEntry.actor_user_id).not.toBe(owner.id);
      expect(realtorEntry.details.changes).toEqual([{ field: 'irrigation', before: null, after: true }]);
    });

    it("lists each change in the client's Activity, with the home and the answers before and after", async () => {
      const realtor = await t.login('realtor@acme.test');
      const response = await t.api({ path: `/clients/client/${owner.id}/activity`, token: realtor });
      expect(response.statusCode, response.body).toBe(200);
      const changes = response
        .json<{ items: { kind: string; propertyAddress: string | null; changes: unknown[] }[] }>()
        .items.filter((item) => item.kind === 'profile-changed');
      expect(changes).toHaveLength(3);
      expect(changes[0]!.propertyAddress).toMatch(/, [A-Z]{2} \d{5}$/);
      expect(changes[0]!.changes).toEqual([{ field: 'irrigation', before: null, after: true }]);
    });

    it("finds nothing of another realtor's client or of another corporation's", async () => {
      for (const outsider of ['realtor2@acme.test', 'admin@birch.test']) {
        const as = await t.login(outsider);
        const refusals = [
          await t.api({ path: staffPath(homeId), token: as }),
          await save(staffPath(homeId), as, { pool: true }),
        ];
        for (const refusal of refusals) expectErrors(refusal, 404, homeProfileMessages.homeNotFound);
      }
      expect((await read(ownPath(homeId), token)).answers.pool).toBe(false);
    });
  });
});
