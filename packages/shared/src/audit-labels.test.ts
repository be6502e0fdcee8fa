import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditCountText, auditValueText, auditWhoText } from './audit-labels';

describe('the audit log in plain words', () => {
  it('labels every action, and still reads an unknown code as words', () => {
    expect(auditActionLabel('client.updated')).toBe('Changed client');
    expect(auditActionLabel('auth.impersonation-started')).toBe('Acted as another user');
    expect(auditActionLabel('widgets.re-polished')).toBe('Widgets re polished');
  });

  it('counts the records of an entry about many', () => {
    expect(auditCountText('clients.realtor-assigned-bulk', 72)).toBe('72 clients');
    expect(auditCountText('tenant-users.disabled-bulk', 1)).toBe('1 user');
    expect(auditCountText('client.updated', null)).toBeNull();
  });

  it('names both people when someone acted as another', () => {
    expect(auditWhoText({ actorName: 'Alice Admin', realActorName: 'Sam Operator' })).toBe(
      'Sam Operator as Alice Admin',
    );
    expect(auditWhoText({ actorName: null, realActorName: null })).toBe('System');
  });

  it('shows an empty value and a switch in words', () => {
    expect(auditValueText(null)).toBe('empty');
    expect(auditValueText(true)).toBe('Yes');
    expect(auditValueText(100)).toBe('100');
    expect(auditValueText('5550102999', 'contactPhone')).toBe('(555) 010-2999');
    expect(auditValueText('5550102999', 'name')).toBe('5550102999');
  });
});
