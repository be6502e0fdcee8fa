import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { AuditService } from './modules/audit';
import type { ClientsRepository } from './modules/clients';
import {
  homePlanRepository,
  homePlanRoutes,
  homePlanService,
  homeProfileRoutes,
  homeProfilesRepository,
  homeProfilesService,
  homeSystemRoutes,
  homeSystemsRepository,
  homeSystemsService,
  homeSystemFileRoutes,
  homeSystemFilesRepository,
  homeSystemFilesService,
  reminderTimingRoutes,
  reminderTimingService,
} from './modules/home-profiles';
import {
  careRecordRoutes,
  careRecordService,
  homeHealthRepository,
  homeHealthRoutes,
  homeHealthService,
  homeReportRepository,
  homeReportService,
  homeSaleRoutes,
  homeSaleService,
  homeSalesRepository,
  rescoreHomes,
  type CareRecordRepository,
} from './modules/home-record';
import { textRoutes, textsRepository, textsService } from './modules/texts';

/**
 * The routes of a home, for its owner and for staff (docs/decisions/088 to 096, 102): its profile,
 * when its reminders go and its owner's texts, systems and their files, plan, care record and report, health score and sale, each service
 * given the one reach check and the repositories it shares with the others.
 */
export async function registerHomeRoutes(
  api: FastifyInstance,
  {
    db,
    audit,
    careRecord,
    schedules,
    textsOffered,
    now,
  }: {
    db: Database;
    audit: AuditService;
    careRecord: CareRecordRepository;
    schedules: ClientsRepository;
    /** A text provider is set up (docs/decisions/106). */
    textsOffered: boolean;
    now: () => Date;
  },
) {
  const homes = homeProfilesRepository(db);
  await api.register(textRoutes, {
    texts: textsService({ homes, texts: textsRepository(db), audit, offered: textsOffered, now }),
  });
  await api.register(homeProfileRoutes, { profiles: homeProfilesService({ profiles: homes, audit, now }) });
  await api.register(reminderTimingRoutes, { timing: reminderTimingService({ homes, audit, now }) });
  const health = homeHealthRepository(db);
  const rescore = (tenantId: string, propertyId: string) =>
    rescoreHomes(health, tenantId, [propertyId], now());
  const homeSystems = homeSystemsRepository(db);
  const systems = homeSystemsService({ homes, systems: homeSystems, audit, rescore, now });
  await api.register(homeSystemRoutes, { systems });
  await api.register(careRecordRoutes, {
    record: careRecordService({ homes, record: careRecord, systems, audit, rescore, now }),
    reports: homeReportService({
      homes,
      reports: homeReportRepository(db),
      profiles: homes,
      systems: homeSystems,
      record: careRecord,
      now,
    }),
  });
  await api.register(homeHealthRoutes, {
    health: homeHealthService({ homes, health, now }),
  });
  await api.register(homeSaleRoutes, {
    sales: homeSaleService({ homes, sales: homeSalesRepository(db), audit, now }),
  });
  await api.register(homeSystemFileRoutes, {
    files: homeSystemFilesService({
      homes,
      systems: homeSystems,
      files: homeSystemFilesRepository(db),
      audit,
      now,
    }),
  });
  await api.register(homePlanRoutes, {
    plans: homePlanService({
      homes,
      systems: homeSystems,
      plans: homePlanRepository(db),
      schedules,
      audit,
      now,
    }),
  });
}
