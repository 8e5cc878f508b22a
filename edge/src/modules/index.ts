import type { RouteModule } from '../http/app';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerLogRoutes } from './log/log.routes';
import { registerNotificationRoutes } from './notifications/notifications.routes';
import { registerParameterRoutes } from './parameters/parameters.routes';
import { registerPlantStructureRoutes } from './plant-structure/plant-structure.routes';
import { registerResourceRoutes } from './resources/resources.routes';
import { registerSetupRoutes } from './setup/setup.routes';
import { registerTerminalRoutes } from './terminals/terminals.routes';
import { registerUserRoutes } from './users/users.routes';

/** Every module's routes, in the order they are mounted. */
export const routeModules: readonly RouteModule[] = [
  registerSetupRoutes,
  registerAuthRoutes,
  registerLogRoutes,
  registerUserRoutes,
  registerNotificationRoutes,
  registerPlantStructureRoutes,
  registerResourceRoutes,
  registerTerminalRoutes,
  registerParameterRoutes,
];
