import { beforeAll, expect, it } from 'vitest';
import {
  templateMessages,
  templateUpload,
  type Template,
  type TemplateList,
} from '@homeminder/shared/contracts/templates';
import { messages } from '@homeminder/shared/validation/messages';
import { BIRCH_TENANT_ID } from '../../db/demo-data';
import { auditActions } from '../../test/audit';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { multipartFile } from '../../test/images';
import { storedZip, testDocx, testHtml, testPdf, testText } from './test-files';

function upload(
  t: TestApp,
  token: string,
  templateId: string,
  data: Buffer,
  fileName: string,
  contentType = 'application/octet-stream',
) {
  const { body, headers } = multipartFile(data, {
    fieldName: templateUpload.fieldName,
    fileName,
    contentType,
  });
  return t.api({ method: 'POST', path: `/admin/template/file/${templateId}`, token, body, headers });
}

describeEachDriver('templates', (t) => {
  /** The operator's administrator, who manages templates. */
  let operator: string;
  beforeAll(async () => {
    operator = await t.login('sysadmin@demo.test');
  });

  async function create(token: string, templateId: string, name: string) {
    return t.api({ method: 'POST', path: '/admin/template', token, body: { templateId, name } });
  }

  it('creates a template, checks ids and names, uploads, lists, downloads unchanged and replaces, auditing each change', async () => {
    const exists = async (path: string, body?: unknown) =>
      (await t.api({ method: 'POST', path, token: operator, ...(body ? { body } : {}) })).json<{
        exists: boolean;
      }>().exists;

    expect(await exists('/admin/template/exists_welcome-letter')).toBe(false);
    expect(await exists('/admin/template/exists', { name: 'Welcome letter' })).toBe(false);

    const created = await create(operator, 'welcome-letter', 'Welcome letter');
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    expect(await exists('/admin/template/exists_welcome-letter')).toBe(true);
    expect(await exists('/admin/template/exists', { name: '  WELCOME LETTER ' })).toBe(true);
    expectErrors(await create(operator, 'welcome-letter', 'Other'), 409, templateMessages.templateIdTaken);
    expectErrors(await create(operator, 'other', 'welcome letter'), 409, templateMessages.nameTaken);

    // No file yet.
    expectErrors(
      await t.api({ path: '/admin/template/file/welcome-letter', token: operator }),
      404,
      templateMessages.noFile,
    );

    const pdf = testPdf();
    const uploaded = await upload(
      t,
      operator,
      'welcome-letter',
      pdf,
      'Welcome <letter>.pdf',
      'application/pdf',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<Template>()).toMatchObject({
      id,
      templateId: 'welcome-letter',
      name: 'Welcome letter',
      fileName: 'Welcome letter.pdf',
      contentType: 'application/pdf',
      fileSize: pdf.length,
    });

    const download = await t.api({ path: '/admin/template/file/welcome-letter', token: operator });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Welcome letter.pdf"; filename*=UTF-8''Welcome%20letter.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');

    // Replaced by a Word document: the download is the new file, byte for byte.
    const docx = testDocx();
    const replaced = await upload(t, operator, 'welcome-letter', docx, '../../Letter v2.docx');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Template>().fileName).toBe('Letter v2.docx');
    const second = await t.api({ path: '/admin/template/file/welcome-letter', token: operator });
    expect(second.rawPayload.equals(docx)).toBe(true);
    expect(second.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const list = (await t.api({ path: '/admin/template', token: operator })).json<TemplateList>();
    expect(list.items.map((item) => item.templateId)).toContain('welcome-letter');
    expect(list.totalItemCount).toBe(list.items.length);

    expect(await auditActions(t, id)).toEqual([
      'template.create',
      'template.file-upload',
      'template.file-replace',
    ]);
  });

  it('takes HTML and plain text, recognised by their content, and serves them as attachments that run nothing', async () => {
    expect((await create(operator, 'reminder.html', 'Reminder email')).statusCode).toBe(201);
    const html = testHtml();
    const saved = await upload(t, operator, 'reminder.html', html, 'reminder.htm', 'text/plain');
    expect(saved.json<Template>()).toMatchObject({ contentType: 'text/html', fileName: 'reminder.htm' });
    const download = await t.api({ path: '/admin/template/file/reminder.html', token: operator });
    expect(download.rawPayload.equals(html)).toBe(true);
    expect(download.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    expect((await create(operator, 'note', 'Plain note')).statusCode).toBe(201);
    const text = await upload(t, operator, 'note', testText(), 'note.md');
    expect(text.json<Template>()).toMatchObject({ contentType: 'text/plain', fileName: 'note.txt' });
  });

  it('responds 413 with an Errors body for a file over the limit, and keeps the file it had', async () => {
    expect((await create(operator, 'big', 'Big one')).statusCode).toBe(201);
    const pdf = testPdf();
    expect((await upload(t, operator, 'big', pdf, 'big.pdf')).statusCode).toBe(200);

    const tooBig = Buffer.concat([pdf, Buffer.alloc(templateUpload.maxBytes + 1 - pdf.length, 0x20)]);
    expectErrors(await upload(t, operator, 'big', tooBig, 'big.pdf'), 413, templateMessages.tooLarge);
    const kept = await t.api({ path: '/admin/template/file/big', token: operator });
    expect(kept.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses, with 415, a file whose content is not an accepted kind or whose name disguises it', async () => {
    expect((await create(operator, 'fake', 'Fake one')).statusCode).toBe(201);
    // An executable and a plain ZIP dressed up as a PDF and a Word document.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    expectErrors(
      await upload(t, operator, 'fake', exe, 'letter.pdf', 'application/pdf'),
      415,
      templateMessages.wrongType,
    );
    expectErrors(
      await upload(t, operator, 'fake', storedZip({ 'evil.js': 'alert(1)' }), 'letter.docx'),
      415,
      templateMessages.wrongType,
    );
    // Text whose name claims a PDF.
    expectErrors(
      await upload(t, operator, 'fake', testText(), 'letter.pdf', 'application/pdf'),
      415,
      templateMessages.nameMismatch('plain text'),
    );
    expectErrors(
      await upload(t, operator, 'fake', Buffer.alloc(0), 'empty.txt'),
      400,
      templateMessages.missing,
    );
    // Nothing was stored.
    expectErrors(
      await t.api({ path: '/admin/template/file/fake', token: operator }),
      404,
      templateMessages.noFile,
    );
  });

  it('refuses bad requests with the shared messages', async () => {
    expectErrors(await create(operator, '', 'Name'), 400, messages.required);
    expectErrors(await create(operator, 'ok-id', '   '), 400, messages.required);
    expectErrors(await create(operator, 'has space', 'Name'), 400, templateMessages.templateIdInvalid);
    expectErrors(
      await t.api({ method: 'POST', path: '/admin/template/exists', token: operator, body: {} }),
      400,
      messages.required,
    );
    for (const blank of ['exists_%20', 'exists_'])
      expectErrors(
        await t.api({ method: 'POST', path: `/admin/template/${blank}`, token: operator }),
        400,
        messages.required,
      );
    expectErrors(
      await upload(t, operator, 'no-such-template', testPdf(), 'a.pdf'),
      404,
      templateMessages.notFound,
    );
    expect((await create(operator, 'json-upload', 'JSON upload')).statusCode).toBe(201);
    expectErrors(
      await t.api({
        method: 'POST',
        path: '/admin/template/file/json-upload',
        token: operator,
        body: { file: 'x' },
      }),
      400,
      templateMessages.notMultipart,
    );
  });

  it('keeps templates to holders of ManageNotifications, each corporation to its own', async () => {
    const admin = await t.login('admin@acme.test');
    expectErrors(await t.api({ path: '/admin/template', token: admin }), 403);
    expectErrors(await create(admin, 'acme-letter', 'Acme letter'), 403);
    expectErrors(await upload(t, admin, 'welcome-letter', testPdf(), 'a.pdf'), 403);
    expectErrors(await t.api({ path: '/admin/template/file/welcome-letter', token: admin }), 403);

    expect((await create(operator, 'scoped', 'Scoped one')).statusCode).toBe(201);
    // The operator choosing another corporation sees that corporation's templates only.
    const birch = await t.api({ path: '/admin/template', token: operator, tenantId: BIRCH_TENANT_ID });
    expect(birch.json<TemplateList>().items.map((item) => item.templateId)).not.toContain('scoped');
    expectErrors(
      await t.api({ path: '/admin/template/file/scoped', token: operator, tenantId: BIRCH_TENANT_ID }),
      404,
      templateMessages.notFound,
    );
  });
});
