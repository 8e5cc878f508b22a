import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { registerGridResource } from '../grid/grid.routes';
import { USER_COLUMNS, userSchema } from './users.schemas';
import { checkUserDelete, checkUserUpdate, prepareUser, revokeSessionsIfNeeded } from './users.service';

const ADMIN = [ROLE.ADMINISTRATOR];

/** Users (SPEC.md sections 3, 5, 6, 7): the administrator's grid. Deleting a user also ends their sessions (cascade). */
export function registerUserRoutes(api: Api): void {
  registerGridResource(api, {
    name: 'users',
    path: '/api/users',
    table: 'users',
    key: ['userID'],
    columns: USER_COLUMNS,
    writeOnly: ['password'],
    schema: userSchema,
    access: { read: ADMIN, write: ADMIN },
    stamp: true,
    prepare: prepareUser,
    beforeUpdate: checkUserUpdate,
    beforeDelete: checkUserDelete,
    afterWrite: revokeSessionsIfNeeded,
  });
}
