import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Enables or disables a property on the clients route as the user of `token`, and expects it done. */
export async function switchProperty(
  t: TestApp,
  token: string,
  action: 'enable' | 'disable',
  property: { propertyId: string; tenantId: string },
) {
  const response = await t.api({ method: 'POST', path: `/clients/${action}`, token, body: property });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}
