import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-oee-engine';
import * as m0003 from './0003-stop-summary-index';
import * as m0004 from './0004-line-first-seen';
import * as m0005 from './0005-acquisition-config-version';
import * as m0006 from './0006-line-gaps-and-counter-sources';
import * as m0007 from './0007-maintenance-manager-switch';
import * as m0009 from './0009-production-manager';
import * as m0010 from './0010-stops-managers';
import * as m0011 from './0011-maintenance-manager';
import * as m0013 from './0013-retention';
import * as m0014 from './0014-first-sign-in';
import * as m0015 from './0015-opc-security';
import * as m0017 from './0017-notifications';
import * as m0018 from './0018-directory-sign-in';
import * as m0019 from './0019-production-by-order-and-stop-events';
import * as m0021 from './0021-mqtt-modbus-sources';
import * as m0022 from './0022-uncertain-sends';
import * as m0023 from './0023-stop-reason-loss-kinds';
import * as m0024 from './0024-modbus-counter-wraps';
import * as m0025 from './0025-work-calendars';
import * as m0026 from './0026-shift-index-loss-kinds';
import * as m0027 from './0027-unscheduled-production';
import * as m0028 from './0028-startup-rejects';
import * as m0029 from './0029-shift-production-day';

/**
 * Every migration, imported statically: a single executable has no migrations folder to scan.
 * Names sort in the order they run; never rename or edit one that has shipped — add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-oee-engine': m0002,
  '0003-stop-summary-index': m0003,
  '0004-line-first-seen': m0004,
  '0005-acquisition-config-version': m0005,
  '0006-line-gaps-and-counter-sources': m0006,
  '0007-maintenance-manager-switch': m0007,
  '0009-production-manager': m0009,
  '0010-stops-managers': m0010,
  '0011-maintenance-manager': m0011,
  '0013-retention': m0013,
  '0014-first-sign-in': m0014,
  '0015-opc-security': m0015,
  '0017-notifications': m0017,
  '0018-directory-sign-in': m0018,
  '0019-production-by-order-and-stop-events': m0019,
  '0021-mqtt-modbus-sources': m0021,
  '0022-uncertain-sends': m0022,
  '0023-stop-reason-loss-kinds': m0023,
  '0024-modbus-counter-wraps': m0024,
  '0025-work-calendars': m0025,
  '0026-shift-index-loss-kinds': m0026,
  '0027-unscheduled-production': m0027,
  '0028-startup-rejects': m0028,
  '0029-shift-production-day': m0029,
};
