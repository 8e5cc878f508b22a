import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { registerGridResource, registerLookup } from '../grid/grid.routes';
import { registerOpcCertificateRoutes } from './opc-certificates.routes';
import { serverLookup, serverSource } from './opc.repository';
import { OPC_SERVER_COLUMNS, OPC_TAG_COLUMNS, opcServerSchema, opcTagSchema } from './opc.schemas';
import { secretBoxOf } from '../../db/secrets';
import { checkServerDelete, checkServerTypeChange, prepareServer, prepareTag } from './opc.service';

const ADMIN = [ROLE.ADMINISTRATOR];

/**
 * OPC servers and tags (SPEC.md sections 3, 5, 7): the administrator's configuration tabs. Server type DA is refused
 * (see opc.schemas.ts); a UA server's host name is its endpoint URL and its tags' values are NodeIds.
 */
export function registerOpcRoutes(api: Api, plant: Plant): void {
  // The acquisition reads servers and tags: tell it after each write (it reloads once the transaction is done).
  const changed = () => void plant.emit('configurationChanged', { area: 'opc' });
  registerGridResource(api, {
    name: 'opcservers',
    path: '/api/opcservers',
    table: 'opc_servers',
    key: ['opcServerID'],
    generatedKey: true,
    columns: OPC_SERVER_COLUMNS,
    schema: opcServerSchema,
    // The password is optional in the schema (absent keeps it) and not an API column: written, never returned.
    // (Not `writeOnly`: zod cannot make a refined object partial.)
    source: serverSource,
    access: { read: ADMIN, write: ADMIN },
    defaultSort: [{ column: 'name', desc: false }],
    prepare: (values) => prepareServer(values, (password) => secretBoxOf(plant.db!).seal(password)),
    beforeUpdate: checkServerTypeChange,
    beforeDelete: checkServerDelete,
    afterWrite: changed,
  });
  registerLookup(api, { path: '/api/opcservers/lookup', access: ADMIN, tag: 'opcservers', load: (db) => serverLookup(db) });

  registerGridResource(api, {
    name: 'tags',
    path: '/api/tags',
    table: 'opc_tags',
    key: ['tagID'],
    generatedKey: true,
    columns: OPC_TAG_COLUMNS,
    schema: opcTagSchema,
    access: { read: ADMIN, write: ADMIN },
    defaultSort: [{ column: 'tagName', desc: false }],
    prepare: prepareTag,
    afterWrite: changed,
  });
  registerOpcCertificateRoutes(api, plant);
}
