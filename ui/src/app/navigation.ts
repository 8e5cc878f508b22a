import type { Availability } from '../lib/enabled-modules';
import type { MessageKey } from '../lib/i18n';
import { hasRole } from '../lib/roles';
import type { MenuAction, MenuId, PageAccess, PageEntry } from '../modules/manifest';

/** One visible entry of a menu: a link to a page or a dialog. */
export type MenuEntry =
  | { kind: 'link'; key: string; label: MessageKey; to: string; order: number }
  | { kind: 'dialog'; key: string; label: MessageKey; dialog: MenuAction['dialog']; order: number };

export function canOpen(access: PageAccess, roleID: number | null | undefined): boolean {
  return access === 'any' ? roleID !== null && roleID !== undefined : hasRole(roleID, access);
}

/**
 * The entries each menu shows to a role: pages the role may open and dialogs it may use, whose feature module runs. A menu absent from the result has nothing to show and is not drawn.
 */
export function menuEntries(
  pages: readonly PageEntry[],
  actions: readonly MenuAction[],
  roleID: number | null | undefined,
  available: (entry: Availability) => boolean,
): Partial<Record<MenuId, MenuEntry[]>> {
  const menus: Partial<Record<MenuId, MenuEntry[]>> = {};
  const add = (menu: MenuId, entry: MenuEntry) => (menus[menu] ??= []).push(entry);
  for (const page of pages) {
    if (!page.menu || !canOpen(page.access, roleID) || !available(page)) continue;
    const { menu, label, search = '', order = 0 } = page.menu;
    add(menu, { kind: 'link', key: `${page.path}${search}`, label, to: `${page.path}${search}`, order });
  }
  for (const action of actions) {
    if (!hasRole(roleID, action.roles) || !available(action)) continue;
    const { menu, label, order = 0 } = action.placement;
    add(menu, { kind: 'dialog', key: action.id, label, dialog: action.dialog, order });
  }
  for (const entries of Object.values(menus)) entries.sort((a, b) => a.order - b.order);
  return menus;
}
