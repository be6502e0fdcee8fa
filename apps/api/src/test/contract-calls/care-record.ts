/** Contract calls: a home's care record, kept by its homeowner and by staff, with a receipt. */
import { careFileUpload } from '@homeminder/shared/contracts/care-record';
import { sql } from 'drizzle-orm';
import { multipartFile, testImage, testPdf } from '../images';
import type { ContractRun } from './runner';

type HomeCall = { as: string; params: { id: string } };

export async function careRecordCalls({ call, as }: ContractRun, own: HomeCall, staff: HomeCall) {
  const receipt = multipartFile(await testImage('jpeg'), {
    fieldName: careFileUpload.fieldName,
    fileName: 'receipt.jpg',
    contentType: 'image/jpeg',
  });
  const notReceipt = multipartFile(Buffer.from('not a receipt'), { fieldName: careFileUpload.fieldName });
  for (const [base, caller] of [
    ['/api/homeowner/homes/{id}/record', own],
    ['/api/clients/properties/{id}/record', staff],
  ] as const) {
    await call(`GET ${base}`, 200, caller);
    const added = await call(`POST ${base}`, 201, {
      ...caller,
      body: { title: 'Replaced the sump pump', doneOn: '2025-06-01', doneBy: 'pro', cost: '420' },
    });
    await call(`POST ${base}`, 400, { ...caller, body: { title: '', doneOn: 'June' } });
    const entry = { ...caller, params: { ...caller.params, entryId: added.json<{ id: string }>().id } };
    await call(`PUT ${base}/{entryId}`, 200, {
      ...entry,
      body: { title: 'Replaced the sump pump', doneOn: '2025-06-02', cost: 400 },
    });
    await call(`PUT ${base}/{entryId}`, 400, {
      ...entry,
      body: { title: 'x', doneOn: '2025-06-02', cost: -1 },
    });
    const withFile = await call(`POST ${base}/{entryId}/files`, 201, { ...entry, upload: receipt });
    await call(`POST ${base}/{entryId}/files`, 415, { ...entry, upload: notReceipt });
    const file = {
      ...entry,
      params: { ...entry.params, fileId: withFile.json<{ files: { id: string }[] }>().files[0]!.id },
    };
    await call(`GET ${base}/{entryId}/files/{fileId}`, 200, file);
    await call(`DELETE ${base}/{entryId}/files/{fileId}`, 200, file);
    await call(`DELETE ${base}/{entryId}/files/{fileId}`, 404, file);
    await call(`GET ${base}/{entryId}/files/{fileId}`, 404, file);
    await call(`DELETE ${base}/{entryId}`, 200, entry);
    await call(`DELETE ${base}/{entryId}`, 404, entry);
  }
  await call('GET /api/clients/properties/{id}/record', 404, { ...staff, as: as.realtor2 });
  for (const [path, caller] of [
    ['/api/homeowner/homes/{id}/report', own],
    ['/api/clients/properties/{id}/report', staff],
  ] as const) {
    await call(`GET ${path}`, 200, caller);
    await call(`GET ${path}`, 400, { ...caller, query: { paper: 'legal' } });
  }
  await call('GET /api/clients/properties/{id}/report', 404, { ...staff, as: as.realtor2 });
}

/** Contract calls: a home marked sold, changed and undone; the homes a homeowner sold. */
export async function homeSaleCalls({ t, call, as }: ContractRun, own: HomeCall, staff: HomeCall) {
  const closingOn = new Date(t.clock.nowMs() + 7 * 86_400_000).toISOString().slice(0, 10);
  const sale = {
    closingOn,
    buyerFirstName: 'Bea',
    buyerLastName: 'Buyer',
    buyerEmail: 'bea.buyer@example.org',
    buyerRealtorId: '',
  };
  await call('GET /api/clients/properties/{id}/sale', 200, staff);
  await call('PUT /api/clients/properties/{id}/sale', 200, { ...staff, body: sale });
  await call('PUT /api/clients/properties/{id}/sale', 400, {
    ...staff,
    body: { ...sale, closingOn: '2020-01-01' },
  });
  await call('PUT /api/clients/properties/{id}/sale', 404, { ...staff, as: as.realtor2, body: sale });
  await call('GET /api/homeowner/homes/{id}/sale', 200, own);
  await call('DELETE /api/clients/properties/{id}/sale', 200, staff);
  await call('DELETE /api/clients/properties/{id}/sale', 404, staff);
  // A sale closed earlier, as the closing leaves it (home-sale.routes.test.ts closes one for real).
  const [sold] = await t.rows<{ id: string }>(sql`
    insert into home_sales (tenant_id, address, seller_id, closing_on, buyer_first_name, buyer_last_name,
                            buyer_email, closed_at, seller_report)
    select tenant_id, '1 Sold Street, Springfield, IL 62704', client_user_id, current_date - 30, 'Bo', 'Buyer',
           'bo.buyer@example.org', now(), ${testPdf()}
      from properties where id = ${own.params.id}
    returning id`);
  await call('GET /api/homeowner/sold-homes', 200, { as: own.as });
  await call('GET /api/homeowner/sold-homes/{id}/report', 200, { as: own.as, params: { id: sold!.id } });
  await call('GET /api/homeowner/sold-homes/{id}/report', 404, {
    as: own.as,
    params: { id: '7a1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' },
  });
}

/** Contract calls: a home's health score, and Home's card of the homes' health. */
export async function homeHealthCalls({ call, as }: ContractRun, own: HomeCall, staff: HomeCall) {
  await call('GET /api/homeowner/homes/{id}/health', 200, own);
  await call('GET /api/clients/properties/{id}/health', 200, staff);
  await call('GET /api/clients/properties/{id}/health', 404, { ...staff, as: as.realtor2 });
  await call('GET /api/home/health', 200, { as: staff.as });
  await call('GET /api/home/health', 400, { as: staff.as, query: { realtorId: 'nobody' } });
}
