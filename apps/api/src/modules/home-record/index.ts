// The home-record module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { careRecordRepository, type CareRecordRepository, type DoneEntry } from './care-record.repository';
export { careRecordRoutes } from './care-record.routes';
export { careRecordService } from './care-record.service';
export { homeReportRepository } from './home-report.repository';
export { homeReportService } from './home-report.service';
export { homeSalesRepository } from './home-sale.repository';
export { homeSaleClosings, homeSaleClosingsFor, type HomeSaleClosings } from './home-sale.closing';
export { homeSaleRoutes } from './home-sale.routes';
export { homeSaleService } from './home-sale.service';
export { homeHealthRepository, type HomeHealthRepository } from './home-health.repository';
export { homeHealthRoutes } from './home-health.routes';
export { homeHealthService, rescoreHomes } from './home-health.service';
