import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-central-schema';
import * as m0002 from './0002-adjustment-moves-stop-time';
import * as m0003 from './0003-stops-manual-flag';
import * as m0004 from './0004-central-portal';
import * as m0005 from './0005-portal-day-sums';
import * as m0006 from './0006-unstaffed-production-and-stop-events';
import * as m0007 from './0007-roll-up-coverage';
import * as m0008 from './0008-stop-reason-loss-kinds';
import * as m0009 from './0009-work-calendars';
import * as m0010 from './0010-plant-names';
import * as m0011 from './0011-production-day-start';
import * as m0012 from './0012-shift-loss-kinds';
import * as m0013 from './0013-unscheduled-production';
import * as m0014 from './0014-calendar-production-day';
import * as m0015 from './0015-startup-rejects';
import * as m0016 from './0016-edge-production-day';

/**
 * Every central migration, imported statically: they travel inside the single executable. Names sort in the order
 * they run; never rename or edit one that has shipped — add a new one (and update sync/central/tables.ts).
 */
export const centralMigrations: Record<string, Migration> = {
  '0001-central-schema': m0001,
  '0002-adjustment-moves-stop-time': m0002,
  '0003-stops-manual-flag': m0003,
  '0004-central-portal': m0004,
  '0005-portal-day-sums': m0005,
  '0006-unstaffed-production-and-stop-events': m0006,
  '0007-roll-up-coverage': m0007,
  '0008-stop-reason-loss-kinds': m0008,
  '0009-work-calendars': m0009,
  '0010-plant-names': m0010,
  '0011-production-day-start': m0011,
  '0012-shift-loss-kinds': m0012,
  '0013-unscheduled-production': m0013,
  '0014-calendar-production-day': m0014,
  '0015-startup-rejects': m0015,
  '0016-edge-production-day': m0016,
};
