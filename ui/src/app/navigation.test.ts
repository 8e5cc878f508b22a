import { describe, expect, it } from 'vitest';
import type { RouteRequirement } from '../lib/api-availability';
import { ROLE } from '../lib/roles';
import { canOpen, menuEntries } from './navigation';
import { menuActions, pages } from './pages';

const everyRoute = () => true;
const noRoute = () => false;
const labels = (roleID: number, served: (requirement: RouteRequirement | undefined) => boolean = everyRoute) =>
  Object.fromEntries(Object.entries(menuEntries(pages, menuActions, roleID, served)).map(([menu, entries]) => [menu, entries.map((entry) => entry.label)]));

describe('menus by role (SPEC.md section 6)', () => {
  it('shows Configuración to the administrator and the supervisor only', () => {
    expect(labels(ROLE.ADMINISTRATOR).user).toContain('nav.configuration');
    expect(labels(ROLE.SUPERVISOR).user).toContain('nav.configuration');
    expect(labels(ROLE.OPERATOR).user ?? []).not.toContain('nav.configuration');
    expect(labels(ROLE.CONSULTANT).user ?? []).not.toContain('nav.configuration');
  });

  it('offers the OEE report to supervisor, consultant and administrator, never to the operator', () => {
    expect(labels(ROLE.SUPERVISOR).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.CONSULTANT).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.ADMINISTRATOR).reports).toEqual(['nav.oeeReport']);
    expect(labels(ROLE.OPERATOR).reports).toBeUndefined();
  });

  it('leaves out an entry whose API route the server does not have yet (no dead links)', () => {
    expect(labels(ROLE.SUPERVISOR, noRoute).reports).toBeUndefined();
    expect(labels(ROLE.SUPERVISOR, (requirement) => requirement !== 'GET /api/reports/completeoaereport').reports).toBeUndefined();
  });

  it('lists the stops list for every line role, the summary by sector for supervisor, consultant and administrator', () => {
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT]) expect(labels(role).stops).toEqual(['nav.stopsList']);
    for (const role of [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT]) expect(labels(role).summary).toEqual(['nav.overview']);
    expect(labels(ROLE.OPERATOR).summary).toBeUndefined();
  });

  it('draws no menu for pages that do not exist yet (indexes)', () => {
    expect(labels(ROLE.SUPERVISOR).indexes).toBeUndefined();
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
