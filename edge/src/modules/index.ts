import type { RouteModule } from '../http/app';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerCalendarRoutes } from './calendar/calendar.routes';
import { registerDiagnosticsRoutes } from './diagnostics/diagnostics.routes';
import { registerEquipmentRoutes } from './equipments/equipments.routes';
import { registerFeatureModuleRoutes } from './feature-modules/feature-modules.routes';
import { registerIndexRoutes } from './engine';
import { registerLineOverviewRoutes } from './line-overview/line-overview.routes';
import { registerLiveTagRoutes } from './live-tags/live-tags.routes';
import { registerLogRoutes } from './log/log.routes';
import { registerLossRoutes } from './losses/losses.routes';
import { registerMaintenanceRoutes } from './maintenance/maintenance.routes';
import { registerNotificationRoutes } from './notifications/notifications.routes';
import { registerOpcRoutes } from './opc/opc.routes';
import { registerOrderRoutes } from './orders/orders.routes';
import { registerParameterRoutes } from './parameters/parameters.routes';
import { registerPlantStructureRoutes } from './plant-structure/plant-structure.routes';
import { registerPreloadOrderRoutes } from './preload-orders/preload-orders.routes';
import { registerProductionRoutes } from './production/production.routes';
import { registerProductRoutes } from './products/products.routes';
import { registerReportRoutes } from './reports/reports.routes';
import { registerResourceRoutes } from './resources/resources.routes';
import { registerScoreboardRoutes } from './scoreboard/scoreboard.routes';
import { registerSetupRoutes } from './setup/setup.routes';
import { registerStopReasonRoutes } from './stop-reasons/stop-reasons.routes';
import { registerStopRoutes } from './stops/stops.routes';
import { registerStopsManagerRoutes } from './stops-manager/stops-manager.routes';
import { registerSyncRoutes } from './sync/sync.routes';
import { registerTargetRoutes } from './targets/targets.routes';
import { registerTerminalRoutes } from './terminals/terminals.routes';
import { registerUserRoutes } from './users/users.routes';
import { registerValidationOrderRoutes } from './validation-orders/validation-orders.routes';

/** Every module's routes, in the order they are mounted. */
export const routeModules: readonly RouteModule[] = [
  registerSetupRoutes,
  registerAuthRoutes,
  registerCalendarRoutes,
  registerFeatureModuleRoutes,
  registerLogRoutes,
  registerUserRoutes,
  registerNotificationRoutes,
  registerPlantStructureRoutes,
  registerResourceRoutes,
  registerTerminalRoutes,
  registerParameterRoutes,
  registerOpcRoutes,
  registerLiveTagRoutes,
  registerDiagnosticsRoutes,
  registerEquipmentRoutes,
  registerStopReasonRoutes,
  registerTargetRoutes,
  registerProductRoutes,
  registerValidationOrderRoutes,
  registerPreloadOrderRoutes,
  registerOrderRoutes,
  registerIndexRoutes,
  registerLossRoutes,
  registerStopRoutes,
  registerStopsManagerRoutes,
  registerMaintenanceRoutes,
  registerProductionRoutes,
  registerLineOverviewRoutes,
  registerScoreboardRoutes,
  registerReportRoutes,
  registerSyncRoutes,
];
