/** Contract calls: a homeowner's reminder texts, the text provider's webhooks and a text's short link. */
import { sql } from 'drizzle-orm';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { twilioSignature, type TwilioSettings } from '../../modules/texts/providers/twilio';
import type { ContractRun } from './runner';

/** The account the contract's app hears from; no text leaves in these calls. */
export const contractTwilio: TwilioSettings = {
  accountSid: `AC${'2'.repeat(32)}`,
  authToken: 'contract-auth-token-0123',
  from: '+15005550006',
  apiUrl: 'http://127.0.0.1:9',
};

const form = { 'content-type': 'application/x-www-form-urlencoded' };

export async function textCalls({ t, call, as, state }: ContractRun, home: { id: string; clientId: string }) {
  const homeowner = state.get('homeowner')!;
  const own = { as: homeowner, params: { id: home.id } };
  const staff = { as: as.realtor, params: { id: home.id } };
  const agreed = { phone: '(500) 555-0123', agreed: true };
  await call('GET /api/homeowner/homes/{id}/texts', 200, own);
  await call('PUT /api/homeowner/homes/{id}/texts', 400, { ...own, body: { phone: '555', agreed: true } });
  await call('PUT /api/homeowner/homes/{id}/texts', 200, { ...own, body: agreed });
  await call('DELETE /api/homeowner/homes/{id}/texts', 200, own);
  await call('DELETE /api/homeowner/homes/{id}/texts', 409, own);
  await call('GET /api/clients/properties/{id}/texts', 200, staff);
  await call('PUT /api/clients/properties/{id}/texts', 400, { ...staff, body: { phone: '5005550123' } });
  await call('PUT /api/clients/properties/{id}/texts', 200, { ...staff, body: agreed });
  await call('DELETE /api/clients/properties/{id}/texts', 200, staff);
  await call('DELETE /api/clients/properties/{id}/texts', 409, staff);

  const signed = (path: string, fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: {
      ...form,
      'x-twilio-signature': twilioSignature(
        contractTwilio.authToken,
        `http://localhost:8080/ui/api/${path}`,
        fields,
      ),
    },
  });
  const report = { MessageSid: 'SM0123456789abcdef0123456789abcdef', MessageStatus: 'delivered' };
  await call('POST /api/texts/twilio/status', 200, signed('texts/twilio/status', report));
  await call('POST /api/texts/twilio/status', 403, {
    ...signed('texts/twilio/status', report),
    body: 'MessageSid=SM1',
  });
  const reply = { From: '+15005550123', To: contractTwilio.from, Body: 'HELP' };
  await call('POST /api/texts/twilio/inbound', 200, signed('texts/twilio/inbound', reply));
  await call('POST /api/texts/twilio/inbound', 403, {
    ...signed('texts/twilio/inbound', reply),
    body: 'Body=STOP',
  });

  await t.rows(sql`insert into text_outbox (tenant_id, kind, client_user_id, to_phone, body, link_code, link_url)
    values (${ACME_TENANT_ID}, 'reminder', ${home.clientId}, '+15005550123', 'Due today', 'Contr4ct',
            'http://localhost:8080/ui/answer/done?token=x')`);
  await call('GET /api/t/{code}', 302, { params: { code: 'Contr4ct' } });
  await call('GET /api/t/{code}', 404, { params: { code: 'Unknown1' } });
}
