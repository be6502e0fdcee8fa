import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  careFileMessages,
  careFileUpload,
  careRecordLimits,
  careRecordMessages,
  type CareEntry,
  type CareRecord,
} from '@homeminder/shared/contracts/care-record';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';
import type { ClientTimeline } from '@homeminder/shared/contracts/replies';
import { audienceMessages } from '../../access/auth-context';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import {
  addHomeSystem,
  homeownerOverview,
  twoHomeownersWithHomes,
  type TestHomeowner,
} from '../../test/homeowners';
import { multipartFile, testImage, testPdf } from '../../test/images';
import { readPdf } from '../../test/pdf';

describeEachDriver("a home's care record", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let otherToken: string;
  let homeId: string;
  let otherHomeId: string;
  let heaterId: string;

  const ownPath = (home = homeId) => `/homeowner/homes/${home}/record`;
  const staffPath = (home = homeId) => `/clients/properties/${home}/record`;
  const recordOf = async (path = ownPath(), as = token) => {
    const response = await t.api({ path, token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CareRecord>();
  };
  /** Today in the home's time zone, as the record says it. */
  const today = async () => (await recordOf()).today;
  const add = async (body: Record<string, unknown>, path = ownPath(), as = token) => {
    const response = await t.api({ method: 'POST', path, token: as, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CareEntry>();
  };
  const fileBody = (data: Buffer, fileName: string, contentType: string) =>
    multipartFile(data, { fieldName: careFileUpload.fieldName, fileName, contentType });
  const sendFile = (
    entryId: string,
    upload: ReturnType<typeof multipartFile>,
    as = token,
    path = ownPath(),
  ) =>
    t.api({
      method: 'POST',
      path: `${path}/${entryId}/files`,
      token: as,
      body: upload.body,
      headers: upload.headers,
    });
  const auditActions = async () =>
    (
      await t.rows<{ action: string }>(
        sql`select action from audit_log where record_id = ${owner.id} and action like 'property.work-%' order by at, id`,
      )
    ).map((row) => row.action);

  beforeAll(async () => {
    ({ owner, token, otherToken, homeId, otherHomeId } = await twoHomeownersWithHomes(t));
    const heater = await addHomeSystem(t, token, homeId, {
      kind: 'waterHeater',
      type: 'tankGas',
      installedYear: 2011,
      installedMonth: 4,
    });
    heaterId = heater.id;
  });

  it('starts empty, and a "Done" with a professional and a cost is its first entry', async () => {
    const empty = await recordOf();
    expect([empty.items, empty.costByYear]).toEqual([[], []]);
    expect(empty.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [reminder] = (await homeownerOverview(t, token)).homes[0]!.reminders;
    // The demo client's first reminder is for a tank water heater, which the home lists.
    expect(reminder!.task).toBe('Flush the water heater');
    const done = await t.api({
      method: 'POST',
      path: `/homeowner/reminders/${reminder!.id}/answer`,
      token,
      body: {
        kind: 'done',
        note: 'New filter',
        doneBy: 'pro',
        proName: '  Rivera Heating  ',
        proPhone: '(555) 201-3344',
        cost: '$1,185.50',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const record = await recordOf();
    expect(record.items).toEqual([
      expect.objectContaining({
        title: reminder!.task,
        doneBy: 'pro',
        proName: 'Rivera Heating',
        proPhone: '5552013344',
        cost: 1185.5,
        note: 'New filter',
        systemTitle: 'Water heater (Tank, gas)',
        fromReminder: true,
        files: [],
      }),
    ]);
    expect(record.costByYear).toEqual([
      { year: Number(record.items[0]!.doneOn.slice(0, 4)), cost: 1185.5, entries: 1 },
    ]);
  });

  it("records work that was not on the plan; a new water heater moves the system's installed date", async () => {
    const doneOn = `${(await today()).slice(0, 7)}-01`;
    const entry = await add({
      title: 'Replaced the water heater',
      doneOn,
      systemId: heaterId,
      replacesSystem: true,
      doneBy: 'pro',
      proName: 'Blue Pipe Plumbing',
      cost: 2400,
    });
    expect(entry).toMatchObject({
      title: 'Replaced the water heater',
      systemTitle: 'Water heater (Tank, gas)',
      replacesSystem: true,
      fromReminder: false,
      cost: 2400,
    });
    const systems = (await t.api({ path: `/homeowner/homes/${homeId}/systems`, token })).json<{
      items: HomeSystem[];
    }>().items;
    expect(systems.find((system) => system.id === heaterId)).toMatchObject({
      installedYear: Number(doneOn.slice(0, 4)),
      installedMonth: Number(doneOn.slice(5, 7)),
    });
    const [row] = await t.rows<{ wears_from: string | null }>(
      sql`select wears_from::text from home_systems where id = ${heaterId}`,
    );
    expect(Number(row!.wears_from!.slice(0, 4))).toBeGreaterThan(Number(doneOn.slice(0, 4)));
    expect(await auditActions()).toEqual(['property.work-recorded']);
    // The client's Activity says it, with the work and who recorded it.
    const activity = await t.api({
      path: `/clients/client/${owner.id}/activity`,
      token: await t.login('realtor@acme.test'),
    });
    expect(activity.json<ClientTimeline>().items[0]).toMatchObject({
      kind: 'work-recorded',
      task: 'Replaced the water heater',
      actor: { kind: 'homeowner-signed-in' },
    });
  });

  it('lists newest first, filters by system, and totals the cost of each year', async () => {
    await add({ title: 'Roof inspection', doneOn: '2024-05-02', cost: '150.25' });
    await add({ title: 'Gutters cleaned', doneOn: '2024-10-20', cost: 99.75, doneBy: 'self' });
    const record = await recordOf();
    expect(record.items.map((item) => item.doneOn)).toEqual(
      [...record.items.map((item) => item.doneOn)].sort().reverse(),
    );
    expect(record.costByYear.find((year) => year.year === 2024)).toEqual({
      year: 2024,
      cost: 250,
      entries: 2,
    });
    const heater = await recordOf(`${ownPath()}?systemId=${heaterId}`);
    // A "Done" of the task for the tank is filed under it too.
    expect(heater.items.map((item) => item.title).sort()).toEqual([
      'Flush the water heater',
      'Replaced the water heater',
    ]);
    expect(heater.costByYear).toEqual([
      { year: Number((await today()).slice(0, 4)), cost: 3585.5, entries: 2 },
    ]);
  });

  it('refuses what it cannot keep, each field with its own message', async () => {
    const tomorrow = new Date(Date.parse(`${await today()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const post = (body: Record<string, unknown>) => t.api({ method: 'POST', path: ownPath(), token, body });
    const errors = expectErrors(
      await post({ title: ' ', doneOn: '2024-02-30', cost: '12.345', proName: 'Someone' }),
      400,
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        careRecordMessages.titleRequired,
        careRecordMessages.doneOnInvalid,
        careRecordMessages.costInvalid,
      ]),
    );
    const othersSystem = await addHomeSystem(t, otherToken, otherHomeId, { kind: 'roof' });
    const paint = { title: 'Paint', doneOn: '2024-01-01' };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ title: 'Paint', doneOn: tomorrow }, careRecordMessages.doneOnInFuture],
      [{ ...paint, replacesSystem: true }, careRecordMessages.replacesWithoutSystem],
      [{ ...paint, doneBy: 'pro', proPhone: '12' }, careRecordMessages.proPhoneInvalid],
      // Another home's system is not this home's.
      [{ ...paint, systemId: othersSystem.id }, careRecordMessages.systemNotFound],
      [{ ...paint, title: 'x'.repeat(careRecordLimits.title + 1) }, careRecordMessages.titleTooLong],
    ];
    for (const [body, message] of refusals) expectErrors(await post(body), 400, message);
  });

  it('keeps a receipt photo without its metadata and a PDF as sent, and refuses anything else', async () => {
    const [entry] = (await recordOf()).items.filter((item) => item.fromReminder);
    const taken = await sharp(await testImage('jpeg', 2600))
      .withExif({ IFD0: { Artist: 'Where the photo was taken' } })
      .jpeg()
      .toBuffer();
    const withPhoto = await sendFile(entry!.id, fileBody(taken, 'receipt.jpg', 'image/jpeg'));
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    const pdf = testPdf();
    t.clock.advance(60_000);
    const withPdf = await sendFile(entry!.id, fileBody(pdf, 'Invoice 7.pdf', 'application/pdf'));
    expect(withPdf.statusCode, withPdf.body).toBe(201);
    const files = withPdf.json<CareEntry>().files;
    expect(files.map((file) => [file.name, file.isPhoto])).toEqual([
      ['receipt.jpg', true],
      ['Invoice 7.pdf', false],
    ]);
    const photo = await t.api({ path: `${ownPath()}/${entry!.id}/files/${files[0]!.id}`, token });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(careFileUpload.maxDimension);
    const realtor = await t.login('realtor@acme.test');
    const saved = await t.api({ path: `${staffPath()}/${entry!.id}/files/${files[1]!.id}`, token: realtor });
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="Invoice 7\.pdf"/);
    expect(saved.rawPayload.equals(pdf)).toBe(true);

    expectErrors(
      await sendFile(entry!.id, fileBody(Buffer.from('<html>hello</html>'), 'a.pdf', 'application/pdf')),
      415,
      careFileMessages.wrongType,
    );
    const big = Buffer.concat([testPdf(), randomBytes(careFileUpload.maxBytes)]);
    expectErrors(
      await sendFile(entry!.id, fileBody(big, 'big.pdf', 'application/pdf')),
      413,
      careFileMessages.tooLarge,
    );
    for (let more = files.length; more < careRecordLimits.filesPerEntry; more += 1)
      expect(
        (await sendFile(entry!.id, fileBody(testPdf(), `p${more}.pdf`, 'application/pdf'))).statusCode,
      ).toBe(201);
    expectErrors(
      await sendFile(entry!.id, fileBody(testPdf(), 'one-more.pdf', 'application/pdf')),
      400,
      careFileMessages.tooMany,
    );
    const removed = await t.api({
      method: 'DELETE',
      path: `${ownPath()}/${entry!.id}/files/${files[1]!.id}`,
      token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<CareEntry>().files).toHaveLength(careRecordLimits.filesPerEntry - 1);
  });

  it("lets staff record and change entries; a reminder's entry keeps its title and date and stays", async () => {
    const realtor = await t.login('realtor@acme.test');
    const byStaff = await add(
      { title: 'Dryer vent cleaned', doneOn: '2025-03-03', doneBy: 'pro' },
      staffPath(),
      realtor,
    );
    const [fromReminder] = (await recordOf()).items.filter((item) => item.fromReminder);
    const changed = await t.api({
      method: 'PUT',
      path: `${staffPath()}/${fromReminder!.id}`,
      token: realtor,
      body: { title: 'Something else', doneOn: '2024-01-01', doneBy: 'self', cost: 20, note: 'Checked' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CareEntry>()).toMatchObject({
      title: fromReminder!.title,
      doneOn: fromReminder!.doneOn,
      doneBy: 'self',
      proName: null,
      cost: 20,
      note: 'Checked',
    });
    expectErrors(
      await t.api({ method: 'DELETE', path: `${ownPath()}/${fromReminder!.id}`, token }),
      400,
      careRecordMessages.fromReminder,
    );
    const removed = await t.api({ method: 'DELETE', path: `${ownPath()}/${byStaff.id}`, token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await recordOf()).items.some((item) => item.id === byStaff.id)).toBe(false);
  });

  it('shows nothing of a home to another homeowner, another realtor or another corporation', async () => {
    const [entry] = (await recordOf()).items;
    const body = { title: 'Intruder', doneOn: '2024-01-01' };
    for (const as of [await t.login('realtor2@acme.test'), await t.login('admin@birch.test')]) {
      for (const refusal of [
        await t.api({ path: staffPath(), token: as }),
        await t.api({ method: 'POST', path: staffPath(), token: as, body }),
        await t.api({ method: 'PUT', path: `${staffPath()}/${entry!.id}`, token: as, body }),
        await t.api({ method: 'DELETE', path: `${staffPath()}/${entry!.id}`, token: as }),
        await t.api({
          path: `${staffPath()}/${entry!.id}/files/${entry!.files[0]?.id ?? entry!.id}`,
          token: as,
        }),
      ])
        expectErrors(refusal, 404, homeProfileMessages.homeNotFound);
    }
    expectErrors(await t.api({ path: ownPath(), token: otherToken }), 404, homeProfileMessages.homeNotFound);
    // The other homeowner's own home does not hold this home's entry.
    expectErrors(
      await t.api({ method: 'PUT', path: `${ownPath(otherHomeId)}/${entry!.id}`, token: otherToken, body }),
      404,
      careRecordMessages.notFound,
    );
    expectErrors(await t.api({ path: staffPath(), token }), 403, audienceMessages.staffOnly);
    expect((await t.api({ path: ownPath() })).statusCode).toBe(401);
    expectErrors(
      await t.api({ path: `${ownPath()}?systemId=nope`, token }),
      400,
      careRecordMessages.systemNotFound,
    );
    expect((await recordOf()).items.some((item) => item.title === 'Intruder')).toBe(false);
  });

  it('hands the home report to the homeowner and to staff in reach, on Letter or A4, and to nobody else', async () => {
    const own = await t.api({ path: `/homeowner/homes/${homeId}/report`, token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="Home report - /);
    const { text, size } = readPdf(own.rawPayload);
    expect(size).toBe('612 x 792');
    for (const expected of [
      'Home report',
      'Replaced the water heater',
      '$2,400',
      'Blue Pipe Plumbing',
      'Checked',
      'Roof inspection',
      'Water heater (Tank, gas)',
      'Rita Realtor',
      'receipt.jpg',
    ])
      expect(text).toContain(expected);
    const realtor = await t.login('realtor@acme.test');
    const staff = await t.api({ path: `/clients/properties/${homeId}/report?paper=a4`, token: realtor });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(readPdf(staff.rawPayload).size).toBe('595.28 x 841.89');
    expectErrors(await t.api({ path: `/homeowner/homes/${homeId}/report?paper=legal`, token }), 400);
    for (const as of [await t.login('realtor2@acme.test'), await t.login('admin@birch.test')])
      expectErrors(
        await t.api({ path: `/clients/properties/${homeId}/report`, token: as }),
        404,
        homeProfileMessages.homeNotFound,
      );
    expectErrors(
      await t.api({ path: `/homeowner/homes/${homeId}/report`, token: otherToken }),
      404,
      homeProfileMessages.homeNotFound,
    );
  });

  it('keeps the record when the system it names is removed', async () => {
    const removed = await t.api({
      method: 'DELETE',
      path: `/homeowner/homes/${homeId}/systems/${heaterId}`,
      token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const entry = (await recordOf()).items.find((item) => item.title === 'Replaced the water heater');
    expect(entry).toMatchObject({ systemId: null, systemTitle: null, cost: 2400 });
  });
});
