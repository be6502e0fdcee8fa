// The home-profiles module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { homeActor, homeAudiences, reachHome, type HomeCaller } from './home-access';
export type { HomeAccessRepository, HomeProfilesRepository } from './home-profiles.repository';
export type { HomeSystemsRepository } from './home-systems.repository';
export type { HomeSystemsService } from './home-systems.service';
export { homeProfilesRepository } from './home-profiles.repository';
export { homeProfileRoutes } from './home-profiles.routes';
export { homeProfilesService } from './home-profiles.service';
export { homeSystemsRepository } from './home-systems.repository';
export { homeSystemRoutes } from './home-systems.routes';
export { homeSystemsService } from './home-systems.service';
export { homeSystemFilesRepository } from './home-system-files.repository';
export { homeSystemFileRoutes } from './home-system-files.routes';
export { homeSystemFilesService } from './home-system-files.service';
export { homePlanRepository } from './home-plan.repository';
export { homePlanRoutes } from './home-plan.routes';
export { homePlanService } from './home-plan.service';
export { homeNoticesRepository } from './home-notices.repository';
export { homeNoticesService } from './home-notices.service';
