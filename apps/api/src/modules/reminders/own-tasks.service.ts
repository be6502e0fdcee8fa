import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  reminderTaskMessages,
  type ReminderTask,
  type ReminderTaskList,
  type ReminderTaskRemoved,
  type ReminderTaskValues,
} from '@homeminder/shared/contracts/reminder-tasks';
import { Privilege } from '@homeminder/shared/permissions';
import type { AuthContext, Caller } from '../../access/auth-context';
import { ownTenantWith } from '../../access/tenant-access';
import { isUniqueViolation } from '../../db/query-helpers';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { actedBy, type AuditService } from '../audit';
import type { OwnTasksRepository } from './own-tasks.repository';

interface Dependencies {
  tasks: OwnTasksRepository;
  audit: AuditService;
}

/**
 * A corporation's own reminder tasks (docs/decisions/058), managed by its administrators. Every
 * method checks the privilege itself and acts for the caller's corporation only: another
 * corporation's task is "not found", never named.
 */
export function ownTasksService({ tasks, audit }: Dependencies) {
  const tenantOf = (auth: AuthContext) => ownTenantWith(auth, Privilege.AdminCanManageCorporation);

  async function record(
    caller: Caller,
    action: AuditAction,
    task: ReminderTask,
    details: Record<string, unknown>,
  ) {
    await audit.record({
      ...actedBy(caller),
      action,
      recordType: 'reminder-task',
      recordId: task.id,
      details: { name: task.name, ...details },
    });
  }

  /** The checks a name and frequency pass before they are saved; a clash is a 409. */
  async function check(tenantId: string, input: ReminderTaskValues, exceptId?: string) {
    if (!(await tasks.frequencyExists(input.defaultFrequencyId))) {
      throw new BadRequestError(reminderTaskMessages.frequencyUnknown);
    }
    if (await tasks.sharedNameExists(input.name))
      throw new ConflictError(reminderTaskMessages.nameShared(input.name));
    if (await tasks.ownNameTaken(tenantId, input.name, exceptId)) {
      throw new ConflictError(reminderTaskMessages.nameTaken(input.name));
    }
  }

  /** Two administrators saving one name at the same moment: the unique index decides. */
  async function savingName<T>(name: string, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(reminderTaskMessages.nameTaken(name));
      throw error;
    }
  }

  async function found(tenantId: string, id: string): Promise<ReminderTask> {
    const task = await tasks.find(tenantId, id.toLowerCase());
    if (!task) throw new NotFoundError(reminderTaskMessages.notFound);
    return task;
  }

  return {
    async list({ auth }: Caller): Promise<ReminderTaskList> {
      return { items: await tasks.list(tenantOf(auth)) };
    },

    async create(caller: Caller, input: ReminderTaskValues): Promise<ReminderTask> {
      const tenantId = tenantOf(caller.auth);
      await check(tenantId, input);
      const id = await savingName(input.name, () => tasks.insert(tenantId, input));
      const task = await found(tenantId, id);
      await record(caller, 'reminderTask.created', task, { season: task.season, category: task.category });
      return task;
    },

    async update(caller: Caller, id: string, input: ReminderTaskValues): Promise<ReminderTask> {
      const tenantId = tenantOf(caller.auth);
      const before = await found(tenantId, id);
      await check(tenantId, input, before.id);
      await savingName(input.name, () => tasks.update(tenantId, before.id, input));
      const task = await found(tenantId, before.id);
      const changed = (
        ['name', 'description', 'category', 'defaultFrequencyId', 'season', 'needs', 'active'] as const
      ).filter((field) => before[field] !== task[field]);
      await record(caller, 'reminderTask.updated', task, { changed, previousName: before.name });
      return task;
    },

    /** Deletes a task no property has; one in use is only no longer offered, so no reminder is lost. */
    async remove(caller: Caller, id: string): Promise<ReminderTaskRemoved> {
      const tenantId = tenantOf(caller.auth);
      const task = await found(tenantId, id);
      if (task.inUse > 0) {
        await tasks.deactivate(tenantId, task.id);
        await record(caller, 'reminderTask.deactivated', task, { inUse: task.inUse });
        return { outcome: 'deactivated', message: reminderTaskMessages.deactivated(task.name, task.inUse) };
      }
      await tasks.remove(tenantId, task.id);
      await record(caller, 'reminderTask.deleted', task, {});
      return { outcome: 'deleted', message: reminderTaskMessages.deleted(task.name) };
    },
  };
}
export type OwnTasksService = ReturnType<typeof ownTasksService>;
