import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource } from '../grid/grid.routes';
import { canonicalIp, TERMINAL_COLUMNS, terminalIpResponseSchema, terminalResponseSchema, terminalSchema } from './terminals.schemas';
import { prepareTerminal, terminalOfCaller } from './terminals.service';

const ADMIN = [ROLE.ADMINISTRATOR];

/**
 * Terminals: which line a browser on the plant LAN shows, by its IP address (SPEC.md sections 2, 3, 4, 7). The grid
 * (also `POST /api/terminals/post/` and `DELETE /api/terminals/delete/`) is the administrator's; every role asks
 * which line its own address is configured with.
 */
export function registerTerminalRoutes(api: Api): void {
  registerGridResource(api, {
    name: 'terminals',
    path: '/api/terminals',
    table: 'terminals',
    key: ['terminalID'],
    generatedKey: true,
    columns: TERMINAL_COLUMNS,
    schema: terminalSchema,
    access: { read: ADMIN, write: ADMIN },
    stamp: true,
    defaultSort: [
      { column: 'lineID', desc: false },
      { column: 'ipAddress', desc: false },
    ],
    prepare: prepareTerminal,
  });
  api.route(
    {
      method: 'get',
      path: ['/api/terminals/syncronize/0', '/api/terminals/syncronize'],
      access: 'authenticated',
      tag: 'terminals',
      summary: "The terminal configured for the caller's IP address { terminalID, lineID, ipAddress, updatedBy, updateDate }, or null.",
      response: terminalResponseSchema,
    },
    ({ ctx }) => terminalOfCaller(ctx.db, ctx.ip, ctx.timeZone),
  );
  api.route(
    {
      method: 'get',
      path: '/api/terminals/ip',
      access: 'authenticated',
      tag: 'terminals',
      summary: "The caller's IP address as the server sees it { ipAddress }: /terminal prefills the address with it.",
      response: terminalIpResponseSchema,
    },
    ({ ctx }) => ({ ipAddress: canonicalIp(ctx.ip) }),
  );
}
