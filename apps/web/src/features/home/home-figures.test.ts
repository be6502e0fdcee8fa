import { describe, expect, it } from 'vitest';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { licenseMessages } from '@homeminder/shared/license';
import { managerSummary } from '../../test/home-summary';
import { greeting, homeFigures, tileDefinitions } from './home-figures';

const manager: HomeSummary = { ...managerSummary, clients: 1234, enabledProperties: 30 };

describe('homeFigures', () => {
  it('shows every count the person may see, grouped by thousands, and none they may not', () => {
    const { tiles } = homeFigures(manager);
    expect(tiles.map((tile) => tile.key)).toEqual([
      'clients',
      'enabledProperties',
      'pendingProperties',
      'disabledProperties',
      'dueNext30Days',
      'realtors',
      'corporateUsers',
    ]);
    expect(tiles[0]).toEqual({ key: 'clients', value: '1,234', spokenValue: '1234' });
  });

  it('shows the unsubscribed tile only while someone has unsubscribed', () => {
    const keys = homeFigures({ ...manager, unsubscribedProperties: 3 }).tiles.map((tile) => tile.key);
    expect(keys).toContain('unsubscribedProperties');
  });

  it('shows properties without reminders apart from those receiving them, and counts their licenses', () => {
    const figures = homeFigures({ ...manager, enabledProperties: 30, noReminderProperties: 167 });
    const tile = figures.tiles.find((candidate) => candidate.key === 'noReminderProperties');
    expect(tile).toEqual({ key: 'noReminderProperties', value: '167', spokenValue: '167' });
    expect(figures.tiles.find((candidate) => candidate.key === 'enabledProperties')?.value).toBe('30');
    expect(figures.license).toMatchObject({ used: '197', licensed: '100', share: '100' });
    expect(homeFigures(manager).tiles.map((candidate) => candidate.key)).not.toContain(
      'noReminderProperties',
    );
  });

  it('shows the homes likely to need a replacement while there are some, opening the grid on them', () => {
    expect(homeFigures(manager).tiles.map((tile) => tile.key)).not.toContain('replacementSoonProperties');
    const tile = homeFigures({ ...manager, replacementSoonProperties: 1203 }).tiles.find(
      (candidate) => candidate.key === 'replacementSoonProperties',
    );
    expect(tile).toEqual({ key: 'replacementSoonProperties', value: '1,203', spokenValue: '1203' });
    expect(tileDefinitions.find((candidate) => candidate.key === 'replacementSoonProperties')?.to).toBe(
      '/clients?systems=replaceSoon',
    );
  });

  it('counts an unsubscribed client’s enabled property as a license in use', () => {
    const license = homeFigures({ ...manager, unsubscribedProperties: 10 }).license!;
    expect(license).toMatchObject({ used: '40', licensed: '100', share: '40', warning: null });
    expect(license.ringColor).toBe('var(--mantine-color-teal-filled)');
  });

  it('warns in yellow from 80 % of the licenses, in red from 95 %', () => {
    const yellow = homeFigures({ ...manager, enabledProperties: 80 }).license!;
    expect(yellow.ringColor).toBe('var(--mantine-color-yellow-filled)');
    expect(yellow.warning).toEqual({
      text: 'Only 20 licenses are left.',
      color: 'var(--mantine-color-yellow-9)',
    });
    // One left is one license, not "1 licenses".
    const last = homeFigures({ ...manager, enabledProperties: 99 }).license!;
    expect(last.warning?.text).toBe('Only 1 license is left.');
    const red = homeFigures({ ...manager, enabledProperties: 120 }).license!;
    expect(red).toMatchObject({ share: '100', ringColor: 'var(--mantine-color-red-filled)' });
    expect(red.warning).toEqual({ text: 'No licenses are left.', color: 'var(--mantine-color-red-8)' });
  });

  it('counts no licenses as all of them in use once a property needs one', () => {
    const none = homeFigures({ ...manager, enabledProperties: 3, licensedProperties: 0 }).license!;
    expect(none).toMatchObject({ share: '100', ringColor: 'var(--mantine-color-red-filled)' });
    expect(none.warning).toEqual({ text: 'No licenses are left.', color: 'var(--mantine-color-red-8)' });
  });

  it('does not alarm a corporation that holds no license and has no active property', () => {
    const license = homeFigures({ ...manager, enabledProperties: 0, licensedProperties: 0 }).license!;
    expect(license).toMatchObject({ share: '0', used: '0', licensed: '0' });
    expect(license.ringColor).toBe('var(--mantine-color-gray-filled)');
    expect(license.warning).toEqual({ text: licenseMessages.noneHeld, color: 'var(--mantine-color-gray-7)' });
  });

  it('says in red that the license has ended, however many are left', () => {
    const license = homeFigures({ ...manager, licenseEndedOn: '2026-03-05' }).license!;
    expect(license.ringColor).toBe('var(--mantine-color-red-filled)');
    expect(license.warning).toEqual({
      text: licenseMessages.endedOnHome('2026-03-05'),
      color: 'var(--mantine-color-red-8)',
    });
    expect(license.warning!.text).toContain('05MAR2026');
  });

  it('leaves the license card out for whoever may not see the licenses', () => {
    expect(homeFigures({ ...manager, licensedProperties: null }).license).toBeNull();
    expect(homeFigures({ ...manager, enabledProperties: null }).license).toBeNull();
  });
});

describe('greeting', () => {
  it('greets by first name once the person is known', () => {
    expect(greeting('Marco Manager')).toBe('Welcome back, Marco.');
    expect(greeting(null)).toBe('Welcome back.');
  });

  it("opens the client grid with the tile's own status filter", () => {
    const to = Object.fromEntries(tileDefinitions.map((tile) => [tile.key, tile.to]));
    expect(to).toMatchObject({
      clients: '/clients',
      enabledProperties: '/clients?status=enabled',
      noReminderProperties: '/clients?status=noReminders',
      unsubscribedProperties: '/clients?status=unsubscribed',
      pendingProperties: '/clients?status=pending',
      disabledProperties: '/clients?status=disabled',
    });
  });
});
