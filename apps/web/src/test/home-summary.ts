import type { HomeSummary } from '@homeminder/shared/contracts/identity';

/** Home's summary as a manager of a small corporation sees it: no corporations, no notifications. */
export const managerSummary: HomeSummary = {
  clients: 40,
  enabledProperties: 31,
  unsubscribedProperties: 0,
  noReminderProperties: 0,
  pendingProperties: 5,
  disabledProperties: 4,
  replacementSoonProperties: 0,
  dueNext30Days: 33,
  licensedProperties: 100,
  licenseEndedOn: null,
  realtors: 2,
  corporateUsers: 2,
  corporations: null,
  activeNotifications: null,
};
