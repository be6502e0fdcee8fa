import type { SentMailDetail, SentMailPage, SentMailQuery } from '@homeminder/shared/contracts/mail';
import { api } from '../../lib/http';

export function sentMailPage(query: SentMailQuery, signal?: AbortSignal): Promise<SentMailPage> {
  return api.post('/admin/mail/query', { body: query, signal });
}

export function sentMailDetail(tenantId: string, id: string, signal?: AbortSignal): Promise<SentMailDetail> {
  return api.get('/admin/mail/:tenantId/:id', { params: { tenantId, id }, signal });
}
