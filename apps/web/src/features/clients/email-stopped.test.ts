import { describe, expect, it } from 'vitest';
import { emailStoppedWords } from './email-stopped';

const client = { firstName: 'Hal', email: 'hal@example.net' };
const since = '2030-06-01T03:00:00.000Z';

describe('emailStoppedWords', () => {
  it('says a bounce with the mail server’s words, the day in the corporation’s zone, and how to send again', () => {
    const words = emailStoppedWords(
      client,
      { reason: 'bounce', since, detail: 'smtp; 550 5.1.1 user unknown' },
      'America/Los_Angeles',
    );
    expect(words.title).toBe('Emails to hal@example.net bounce since 31MAY2030');
    expect(words.body).toContain('(“smtp; 550 5.1.1 user unknown”)');
    expect(words.body).toContain('correct it with Edit');
  });

  it('says a spam complaint, and that reminders stopped', () => {
    const words = emailStoppedWords(client, { reason: 'complaint', since, detail: null }, 'UTC');
    expect(words.title).toBe('Hal marked an email as spam on 01JUN2030');
    expect(words.body).toContain('nothing more is sent to hal@example.net and their reminders are stopped');
  });

  it('leaves the day out while the zone is not known', () => {
    expect(emailStoppedWords(client, { reason: 'bounce', since, detail: null }, undefined).title).toBe(
      'Emails to hal@example.net bounce',
    );
  });
});
