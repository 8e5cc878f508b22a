import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { lookupSchema, registerGridResource } from '../grid/grid.routes';
import { localizeReasonNames } from './reason-names';
import { reasonVisibilitySchema, rootLookupQuerySchema, STOP_REASON_COLUMNS, stopReasonSchema } from './stop-reasons.schemas';
import { checkStopReasonDelete, checkStopReasonUpdate, prepareStopReason, rootLookup, setReasonVisibility } from './stop-reasons.service';

const SUPERVISOR = [ROLE.SUPERVISOR];

/**
 * Stop reasons (SPEC.md sections 3, 5, 7): a tree under reason 1, filtered by parentID. Every role reads them (an
 * operator recognizes stops with them); only the supervisor changes them (SPEC.md section 6). stop_reasons is a
 * synced table: every write goes through db/writes (the grid mechanism does), which appends the outbox row. The
 * seeded system reasons are answered in the request's language (reason-names.ts); filters and sorts read the stored
 * (Spanish) names.
 */
export function registerStopReasonRoutes(api: Api): void {
  const tag = 'stopreasons';
  api.route(
    {
      method: 'get',
      path: '/api/stopreasons/rootlookup',
      access: 'authenticated',
      tag,
      summary:
        'Top categories (children of reason 1) as [{value, text}]; includeOptionForAll=true adds {value: 0, text: Todos/All} first. System reasons are named in the request language.',
      query: rootLookupQuerySchema,
      response: lookupSchema,
    },
    ({ ctx, query }) => rootLookup(ctx.db, query.includeOptionForAll ?? false, ctx.language),
  );
  api.route(
    {
      method: 'put',
      path: '/api/stopreasons/lines',
      access: SUPERVISOR,
      tag,
      summary:
        'Shows or hides a reason on one line: {reasonID, lineID, enabled}; answers the reason. enabledForLine [] = every line, [0] = none.',
      body: reasonVisibilitySchema,
    },
    ({ ctx, body }) => setReasonVisibility(ctx, body),
  );
  registerGridResource(api, {
    name: tag,
    path: '/api/stopreasons',
    table: 'stop_reasons',
    key: ['reasonID'],
    generatedKey: true,
    columns: STOP_REASON_COLUMNS,
    schema: stopReasonSchema,
    access: { read: 'authenticated', write: SUPERVISOR },
    defaultSort: [
      { column: 'reason', desc: false },
      { column: 'reasonID', desc: false },
    ],
    stamp: true,
    prepare: prepareStopReason,
    beforeUpdate: checkStopReasonUpdate,
    beforeDelete: checkStopReasonDelete,
    localize: localizeReasonNames,
  });
}
