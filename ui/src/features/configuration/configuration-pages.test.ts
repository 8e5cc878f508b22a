import { describe, expect, it } from 'vitest';
import { ROLE } from '../../lib/roles';
import type { Availability } from '../../lib/enabled-modules';
import { configurationPages, visibleConfigurationPages } from './configuration-pages';

const tabs = (roleID: number, available: (entry: Availability) => boolean = () => true) =>
  Object.fromEntries(visibleConfigurationPages(configurationPages, roleID, available).map(({ page, canWrite }) => [page.id, canWrite]));

describe('configuration tabs by role (SPEC.md section 6)', () => {
  it('gives the administrator every tab, read-only on equipment, stop reasons, targets, products and speeds, the calendar writable', () => {
    expect(tabs(ROLE.ADMINISTRATOR)).toEqual({
      users: true,
      'notification-groups': true,
      sectors: true,
      resources: true,
      'opc-servers': true,
      'opc-tags': true,
      parameters: true,
      terminals: true,
      equipment: false,
      'stop-reasons': false,
      targets: false,
      products: false,
      'product-speeds': false,
      // The work calendars: administrators and supervisors both change them (the server's CALENDAR_EDIT_ROLES).
      calendar: true,
      recalculation: true,
      // The maintenance manager's call reasons: the supervisor's list.
      'maintenance-reasons': false,
      // Production manager (shown while it runs on a line): the supervisor's, read-only for the administrator.
      wrapperTypes: false,
    });
  });

  it('gives the supervisor equipment, stop reasons, targets, products, speeds and the calendar, all writable', () => {
    expect(tabs(ROLE.SUPERVISOR)).toEqual({
      equipment: true,
      'stop-reasons': true,
      targets: true,
      products: true,
      'product-speeds': true,
      calendar: true,
      'maintenance-reasons': true,
      wrapperTypes: true,
    });
  });

  it('gives operators and consultants no tab', () => {
    expect(tabs(ROLE.OPERATOR)).toEqual({});
    expect(tabs(ROLE.CONSULTANT)).toEqual({});
  });

  it("hides a feature module's tab while the module runs on no line, and never one of the app's own tabs", () => {
    const withoutModules = Object.keys(tabs(ROLE.SUPERVISOR, ({ module }) => module === undefined));
    expect(withoutModules).toEqual(['equipment', 'stop-reasons', 'targets', 'products', 'product-speeds', 'calendar']);
  });
});
