import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource } from '../grid/grid.routes';
import { TARGET_COLUMNS, targetSchema } from './targets.schemas';
import { prepareTarget } from './targets.service';

/**
 * Line targets (SPEC.md sections 3, 5, 7). Only the supervisor changes them (SPEC.md section 6). Every role reads
 * them: the dashboard's GET /api/targets/get is the grid's own list spelling, so a narrower read on GET /api/targets
 * would protect nothing; the configuration tab itself is shown to administrator and supervisor only.
 */
export function registerTargetRoutes(api: Api): void {
  registerGridResource(api, {
    name: 'targets',
    path: '/api/targets',
    table: 'targets',
    key: ['targetID'],
    generatedKey: true,
    columns: TARGET_COLUMNS,
    schema: targetSchema,
    access: { read: 'authenticated', write: [ROLE.SUPERVISOR] },
    defaultSort: [
      { column: 'lineID', desc: false },
      { column: 'tag', desc: false },
    ],
    prepare: prepareTarget,
  });
}
