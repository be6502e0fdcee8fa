/** Contract calls: a home's care record, kept by its homeowner and by staff, with a receipt. */
import { careFileUpload } from '@homeminder/shared/contracts/care-record';
import { multipartFile, testImage } from '../images';
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
