import { maintenanceModule } from './maintenance';
import type { FeatureModule } from './manifest';
import { ordersModule } from './orders';
import { productionModule } from './production';
import { stopsManagerModule } from './stops-manager';

/**
 * The feature modules of SPEC.md section 1 (order manager, production manager, manual stops manager, maintenance
 * manager, stops manager). Each adds its pages, menu items and configuration pages by exporting a FeatureModule and
 * being listed here; its pages load lazily like every other page.
 */
export const featureModules: readonly FeatureModule[] = [ordersModule, productionModule, maintenanceModule, stopsManagerModule];
