import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ModuleSwitch } from '../lib/enabled-modules';
import type { MessageKey } from '../lib/i18n';
import type { Roles } from '../lib/roles';

/**
 * The shapes through which pages, menu items and configuration pages join the app: the app's own pages
 * (app/pages.ts) and the five feature modules (modules/index.ts) declare themselves the same way, so a new page is
 * one entry in a list, and its menu item appears for the roles it names.
 */

/** The menus of the navigation bar that list entries (the OEE menu lists the plant's lines instead). */
export type MenuId = 'stops' | 'indexes' | 'summary' | 'modules' | 'reports' | 'user';

export interface MenuPlacement {
  menu: MenuId;
  label: MessageKey;
  /** Query string added to the link, e.g. '?view=x'. */
  search?: string;
  /** Position within the menu (lower first). */
  order?: number;
}

/** Who may open a page: any logged-in user, or these roles (others get the not-allowed page). */
export type PageAccess = 'any' | Roles;

export interface PageEntry {
  path: string;
  access: PageAccess;
  /** The page component, loaded when first visited (its own chunk). */
  load: () => Promise<{ default: ComponentType }>;
  menu?: MenuPlacement;
  /**
   * Asks for the page's first data as its route is entered by a user who may open it, in parallel with downloading
   * and starting the page's code (which, with AG Grid, takes longer than the data).
   */
  prefetch?: (client: QueryClient) => void;
  /** The feature module the page belongs to: shown only while the module runs on a line. */
  module?: ModuleSwitch;
}

/** What a menu dialog is given: how to close itself. */
export interface MenuDialogProps {
  onClose: () => void;
}

/** A menu entry that opens a dialog instead of a page (the OEE report). */
export interface MenuAction {
  id: string;
  placement: MenuPlacement;
  roles: Roles;
  /** The dialog, loaded when first opened (its own chunk). */
  dialog: () => Promise<{ default: ComponentType<MenuDialogProps> }>;
  module?: ModuleSwitch;
}

/** A tab of /configuracion. */
export interface ConfigurationPage {
  id: string;
  label: MessageKey;
  /** Roles that see the tab. */
  roles: Roles;
  /** Roles that may add, edit and delete in it (the others see it read-only). */
  writeRoles: Roles;
  load: () => Promise<{ default: ComponentType<ConfigurationPageProps> }>;
  module?: ModuleSwitch;
}

export interface ConfigurationPageProps {
  /** Whether the current user may change what the tab shows. */
  canWrite: boolean;
  roleID: number;
}

/**
 * One of SPEC.md section 1's feature modules. Its pages, menu items and configuration pages show only while it runs on
 * at least one line (`runsOn`, from GET /api/modules/enabled); list it in modules/index.ts.
 */
export interface FeatureModule {
  id: string;
  runsOn: ModuleSwitch;
  pages: readonly PageEntry[];
  menuActions: readonly MenuAction[];
  configurationPages: readonly ConfigurationPage[];
}

/** A module's pages, menu actions or configuration pages, each marked with the module's switch. */
export function ofModule<T extends { module?: ModuleSwitch }>(module: FeatureModule, entries: readonly T[]): T[] {
  return entries.map((entry) => ({ ...entry, module: module.runsOn }));
}
