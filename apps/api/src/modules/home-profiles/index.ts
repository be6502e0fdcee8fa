// The home-profiles module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { homeProfilesRepository } from './home-profiles.repository';
export { homeProfileRoutes } from './home-profiles.routes';
export { homeProfilesService } from './home-profiles.service';
