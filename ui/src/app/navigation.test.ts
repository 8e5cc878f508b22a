import { describe, expect, it } from 'vitest';
import type { Availability } from '../lib/enabled-modules';
import { isModuleOn } from '../lib/enabled-modules';
import { ROLE } from '../lib/roles';
import { ofModule, type FeatureModule } from '../modules/manifest';
import { canOpen, menuEntries } from './navigation';
import { menuActions, pages } from './pages';

const everyModule = () => true;
const labels = (roleID: number, available: (entry: Availability) => boolean = everyModule) =>
  Object.fromEntries(
    Object.entries(menuEntries(pages, menuActions, roleID, available)).map(([menu, entries]) => [
      menu,
      entries.map((entry) => entry.label),
    ]),
  );

describe('menus by role (SPEC.md section 6)', () => {
  it('shows Configuración to the administrator and the supervisor only', () => {
    expect(labels(ROLE.ADMINISTRATOR).user).toContain('nav.configuration');
    expect(labels(ROLE.SUPERVISOR).user).toContain('nav.configuration');
    expect(labels(ROLE.OPERATOR).user ?? []).not.toContain('nav.configuration');
    expect(labels(ROLE.CONSULTANT).user ?? []).not.toContain('nav.configuration');
  });

  it('offers every role the change of its own password in the user menu', () => {
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT])
      expect(labels(role).user).toContain('nav.changePassword');
  });

  it('offers the OEE report to supervisor, consultant and administrator, never to the operator', () => {
    expect(labels(ROLE.SUPERVISOR).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.CONSULTANT).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.ADMINISTRATOR).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.OPERATOR).reports).toBeUndefined();
  });

  it('lists the stops list for every line role, the stop summary and the summary by sector for supervisor, consultant and administrator', () => {
    // The stop modules' pages (supervisor and operator) sit in the Stops menu, after its own pages (SPEC.md section 2).
    const modules = ['stopsManager.manualTitle', 'stopsManager.managerTitle'];
    for (const role of [ROLE.ADMINISTRATOR, ROLE.CONSULTANT]) expect(labels(role).stops).toEqual(['nav.stopsList', 'nav.stopSummary']);
    expect(labels(ROLE.SUPERVISOR).stops).toEqual(['nav.stopsList', 'nav.stopSummary', ...modules]);
    expect(labels(ROLE.OPERATOR).stops).toEqual(['nav.stopsList', ...modules]);
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT]) expect(labels(role).summary).toEqual(['nav.overview']);
    expect(labels(ROLE.OPERATOR).summary).toBeUndefined();
  });

  it('lists the preload in Indexes for supervisor and administrator, the orders to validate also for the consultant, neither for the operator', () => {
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR])
      expect(labels(role).indexes).toEqual(expect.arrayContaining(['nav.preloadOrders', 'nav.validationOrders']));
    expect(labels(ROLE.CONSULTANT).indexes).toContain('nav.validationOrders');
    expect(labels(ROLE.CONSULTANT).indexes).not.toContain('nav.preloadOrders');
    expect(labels(ROLE.OPERATOR).indexes ?? []).not.toContain('nav.preloadOrders');
    expect(labels(ROLE.OPERATOR).indexes ?? []).not.toContain('nav.validationOrders');
    const preload = pages.find((page) => page.path === '/indexes/precargaOp')!;
    expect([ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.OPERATOR].map((role) => canOpen(preload.access, role))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const validation = pages.find((page) => page.path === '/ordenes/validacion')!;
    expect([ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.OPERATOR].map((role) => canOpen(validation.access, role))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('opens both stop summaries to supervisor, consultant and administrator, not to the operator; the first has no menu entry', () => {
    for (const path of ['/paradas/resumen', '/paradas/resumen2']) {
      const page = pages.find((entry) => entry.path === path)!;
      expect([ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.OPERATOR].map((role) => canOpen(page.access, role))).toEqual([
        true,
        true,
        true,
        false,
      ]);
    }
    expect(pages.find((entry) => entry.path === '/paradas/resumen')!.menu).toBeUndefined();
  });

  it('lists the order and shift indexes, in that order, for supervisor, consultant and administrator, never for the operator', () => {
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT])
      expect(labels(role).indexes?.slice(0, 2)).toEqual(['nav.orderIndexes', 'nav.shiftIndexes']);
    expect(labels(ROLE.OPERATOR).indexes).toBeUndefined();
  });

  it('lets every page be opened only by its roles; a role outside the four opens nothing', () => {
    const configuration = pages.find((page) => page.path === '/configuracion')!;
    expect(canOpen(configuration.access, ROLE.SUPERVISOR)).toBe(true);
    expect(canOpen(configuration.access, ROLE.OPERATOR)).toBe(false);
    expect(canOpen(configuration.access, ROLE.CONSULTANT)).toBe(false);
    expect(canOpen('any', 9)).toBe(true);
    expect(canOpen('any', null)).toBe(false);
  });
});

describe("feature modules' entries", () => {
  const module: FeatureModule = {
    id: 'orders',
    runsOn: 'orderManager',
    pages: [
      {
        path: '/ordenes',
        access: [ROLE.SUPERVISOR, ROLE.OPERATOR],
        load: () => Promise.reject(new Error('not loaded in a unit test')),
        menu: { menu: 'modules', label: 'nav.menu' },
      },
    ],
    menuActions: [],
    configurationPages: [],
  };
  const modulePages = ofModule(module, module.pages);

  it('carry their module, and show only while it runs on a line (and to the roles the page names)', () => {
    expect(modulePages[0]!.module).toBe('orderManager');
    const enabled = (lines: number[]) => (entry: Availability) =>
      isModuleOn({ orderManager: lines, productionManager: [], stopsManager: [], maintenanceManager: [] }, entry.module);
    expect(menuEntries(modulePages, [], ROLE.OPERATOR, enabled([2])).modules?.map((entry) => entry.key)).toEqual(['/ordenes']);
    expect(menuEntries(modulePages, [], ROLE.OPERATOR, enabled([])).modules).toBeUndefined();
    expect(menuEntries(modulePages, [], ROLE.CONSULTANT, enabled([2])).modules).toBeUndefined();
    expect(isModuleOn(undefined, 'orderManager')).toBe(false);
    expect(isModuleOn(undefined, undefined)).toBe(true);
  });
});
