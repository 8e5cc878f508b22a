import type { RouteModule } from '../http/app';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerLogRoutes } from './log/log.routes';
import { registerSetupRoutes } from './setup/setup.routes';

/** Every module's routes, in the order they are mounted. */
export const routeModules: readonly RouteModule[] = [registerSetupRoutes, registerAuthRoutes, registerLogRoutes];
