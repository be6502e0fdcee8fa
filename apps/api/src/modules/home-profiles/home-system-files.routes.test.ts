import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import {
  homeSystemFileWords,
  labelPhotoMessages,
  labelPhotoUpload,
  manualMessages,
  manualUpload,
} from '@homeminder/shared/contracts/home-system-files';
import { homeSystemMessages, type HomeSystem } from '@homeminder/shared/contracts/home-systems';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import {
  addHomeSystem,
  expectAudiencesKept,
  twoHomeownersWithHomes,
  type TestHomeowner,
} from '../../test/homeowners';
import { multipartFile, testImage, testPdf } from '../../test/images';

describeEachDriver("a system's label photo and manual", (t) => {
  let owner: TestHomeowner;
  let token: string;
  let otherToken: string;
  let homeId: string;
  let otherHomeId: string;
  let systemId: string;

  const ownPath = (file: 'label' | 'manual', home = homeId, system = systemId) =>
    `/homeowner/homes/${home}/systems/${system}/${file}`;
  const staffPath = (file: 'label' | 'manual', home = homeId, system = systemId) =>
    `/clients/properties/${home}/systems/${system}/${file}`;
  const photoBody = (data: Buffer) =>
    multipartFile(data, {
      fieldName: labelPhotoUpload.fieldName,
      fileName: 'IMG_0042.jpg',
      contentType: 'image/jpeg',
    });
  const manualBody = (data: Buffer, fileName = 'Furnace manual.pdf') =>
    multipartFile(data, { fieldName: manualUpload.fieldName, fileName, contentType: 'application/pdf' });
  const send = (path: string, as: string, upload: ReturnType<typeof multipartFile>) =>
    t.api({ method: 'PUT', path, token: as, body: upload.body, headers: upload.headers });
  const sent = async (path: string, as: string, upload: ReturnType<typeof multipartFile>) => {
    const response = await send(path, as, upload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeSystem>();
  };
  const filesOfSystem = async (id: string) =>
    t.rows<{ kind: string }>(sql`select kind from home_system_files where system_id = ${id} order by kind`);
  /** The changes of the client's audit entries about the system's files, in order. */
  const fileChanges = async () =>
    (
      await t.rows<{
        details: { system: string; changes: { field: string; before: unknown; after: unknown }[] };
      }>(
        sql`select details from audit_log
             where action = 'property.system-changed' and record_type = 'client-user' and record_id = ${owner.id}
             order by at, id`,
      )
    ).flatMap((entry) =>
      entry.details.changes.map((change) => ({ system: entry.details.system, ...change })),
    );

  beforeAll(async () => {
    ({ owner, token, otherToken, homeId, otherHomeId } = await twoHomeownersWithHomes(t));
    systemId = (await addHomeSystem(t, token, homeId, { kind: 'heating', type: 'gasFurnace' })).id;
  });

  it('keeps a photo of the label, re-encoded without its metadata, and shows it to the home and its staff', async () => {
    const taken = await sharp(await testImage('jpeg', 2400))
      .withExif({ IFD0: { Artist: 'Where the photo was taken' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(taken).metadata()).exif).toBeDefined();
    const system = await sent(ownPath('label'), token, photoBody(taken));
    expect(system.label?.uploadedAt).toEqual(expect.any(String));
    expect(system.manual).toBeNull();

    for (const [path, as] of [
      [ownPath('label'), token],
      [staffPath('label'), await t.login('realtor@acme.test')],
    ] as const) {
      const read = await t.api({ path, token: as });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.headers['cache-control']).toMatch(/^private\b/);
      expect(read.headers['content-disposition']).toMatch(/^inline; filename="label\.jpg"/);
      const meta = await sharp(read.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width, meta.height)).toBe(labelPhotoUpload.maxDimension);
    }
    const [listed] = (await t.api({ path: `/homeowner/homes/${homeId}/systems`, token })).json<{
      items: HomeSystem[];
    }>().items;
    expect(listed!.label).toEqual(system.label);
  });

  it('keeps the manual as sent, under a safe name, and sends it to be saved', async () => {
    const pdf = testPdf();
    const system = await sent(
      ownPath('manual'),
      token,
      manualBody(pdf, 'C:\\Users\\me\\Furnace: manual?.PDF'),
    );
    expect(system.manual).toMatchObject({ name: 'Furnace manual.pdf' });
    const read = await t.api({ path: ownPath('manual'), token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['cache-control']).toMatch(/^private\b/);
    expect(read.headers['content-disposition']).toMatch(/^attachment; filename="Furnace manual\.pdf"/);
    expect(read.rawPayload.equals(pdf)).toBe(true);

    expect(await fileChanges()).toEqual([
      { system: 'Heating (Gas furnace)', field: homeSystemFileWords.label, before: null, after: 'A photo' },
      {
        system: 'Heating (Gas furnace)',
        field: homeSystemFileWords.manual,
        before: null,
        after: 'Furnace manual.pdf',
      },
    ]);
  });

  it('refuses what is not a photo or a PDF, and what is too large, keeping what the system had', async () => {
    expectErrors(
      await send(ownPath('label'), token, photoBody(Buffer.from('just text'))),
      400,
      labelPhotoMessages.wrongType,
    );
    expectErrors(
      await send(ownPath('label'), token, photoBody(testPdf())),
      400,
      labelPhotoMessages.wrongType,
    );
    expectErrors(
      await send(ownPath('manual'), token, manualBody(await testImage('png'))),
      415,
      manualMessages.wrongType,
    );
    expectErrors(
      await send(ownPath('manual'), token, manualBody(Buffer.from('<html>%PDF-</html>'))),
      415,
      manualMessages.wrongType,
    );
    const bigPhoto = Buffer.concat([await testImage('jpeg'), randomBytes(labelPhotoUpload.maxBytes)]);
    expectErrors(await send(ownPath('label'), token, photoBody(bigPhoto)), 413, labelPhotoMessages.tooLarge);
    const bigManual = Buffer.concat([testPdf(), randomBytes(manualUpload.maxBytes)]);
    expectErrors(await send(ownPath('manual'), token, manualBody(bigManual)), 413, manualMessages.tooLarge);
    expectErrors(
      await t.api({ method: 'PUT', path: ownPath('manual'), token, body: { file: 'x' } }),
      400,
      manualMessages.notMultipart,
    );
    expect((await filesOfSystem(systemId)).map((row) => row.kind)).toEqual(['label', 'manual']);
  });

  it('shows nothing of a home to another homeowner, another realtor or another corporation', async () => {
    const bodies = { label: photoBody(await testImage('jpeg')), manual: manualBody(testPdf()) };
    const outsiders = [await t.login('realtor2@acme.test'), await t.login('admin@birch.test')];
    for (const as of outsiders) {
      for (const file of ['label', 'manual'] as const) {
        const refusals = [
          await t.api({ path: staffPath(file), token: as }),
          await send(staffPath(file), as, bodies[file]),
          await t.api({ method: 'DELETE', path: staffPath(file), token: as }),
        ];
        for (const refusal of refusals) {
          expectErrors(refusal, 404, homeProfileMessages.homeNotFound);
          expect(refusal.headers['content-type']).toMatch(/^application\/json/);
        }
      }
    }
    // Another homeowner: neither this home, nor this system named under their own home.
    for (const [file, path, message] of [
      ['label', ownPath('label'), homeProfileMessages.homeNotFound],
      ['manual', ownPath('manual', otherHomeId), homeSystemMessages.notFound],
    ] as const) {
      expectErrors(await t.api({ path, token: otherToken }), 404, message);
      expectErrors(await send(path, otherToken, bodies[file]), 404, message);
      expectErrors(await t.api({ method: 'DELETE', path, token: otherToken }), 404, message);
    }
    await expectAudiencesKept(t, { own: ownPath('label'), staff: staffPath('label') }, token);
    expectErrors(await t.api({ path: ownPath('label', homeId, 'not-an-id'), token }), 400);
    expect((await filesOfSystem(systemId)).map((row) => row.kind)).toEqual(['label', 'manual']);
  });

  it('lets staff replace and remove them, each said in the Activity', async () => {
    const realtor = await t.login('realtor@acme.test');
    await sent(staffPath('label'), realtor, photoBody(await testImage('png')));
    expect((await t.api({ path: ownPath('label'), token })).headers['content-type']).toBe('image/png');
    const removed = await t.api({ method: 'DELETE', path: staffPath('manual'), token: realtor });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<HomeSystem>().manual).toBeNull();
    expectErrors(await t.api({ path: ownPath('manual'), token }), 404, manualMessages.none);
    expectErrors(await t.api({ method: 'DELETE', path: ownPath('manual'), token }), 404, manualMessages.none);
    expect((await fileChanges()).slice(-2)).toEqual([
      {
        system: 'Heating (Gas furnace)',
        field: homeSystemFileWords.label,
        before: 'A photo',
        after: 'A new photo',
      },
      {
        system: 'Heating (Gas furnace)',
        field: homeSystemFileWords.manual,
        before: 'Furnace manual.pdf',
        after: null,
      },
    ]);
  });

  it('removes the files with their system', async () => {
    await sent(ownPath('manual'), token, manualBody(testPdf()));
    expect(await filesOfSystem(systemId)).toHaveLength(2);
    const removed = await t.api({
      method: 'DELETE',
      path: `/homeowner/homes/${homeId}/systems/${systemId}`,
      token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await filesOfSystem(systemId)).toEqual([]);
    expectErrors(await t.api({ path: ownPath('label'), token }), 404, homeSystemMessages.notFound);
    expectErrors(
      await send(ownPath('label'), token, photoBody(await testImage('jpeg'))),
      404,
      homeSystemMessages.notFound,
    );
  });
});
