import type { AuthContext } from '../../access/auth-context';
import { realtorScope } from '../../access/client-scope';
import type { RemindersRepository } from './reminders.repository';

const dayMs = 86_400_000;
/**
 * A window reaches a hundred years at most: every reminder is due within that, and a date
 * thousands of years away is no date the database can compare (a 500 before this limit).
 */
const maxWindowDays = 36_525;

export function remindersService({ reminders, now }: { reminders: RemindersRepository; now: () => Date }) {
  return {
    /**
     * A positive `daysFilter` lists reminders due in the next N days, a negative one those overdue
     * by up to N days. Scoped like the client grid: a realtor sees only their own clients'.
     */
    async due(auth: AuthContext, daysFilter: number, page: { pageSize: number; page: number }) {
      const at = now();
      const span = Math.min(Math.abs(daysFilter), maxWindowDays) * dayMs;
      const window =
        daysFilter > 0
          ? { from: at, to: new Date(at.getTime() + span) }
          : { from: new Date(at.getTime() - span), to: at };
      return reminders.dueBetween(auth.tenantId, realtorScope(auth), window, {
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
    },
  };
}
export type RemindersService = ReturnType<typeof remindersService>;
