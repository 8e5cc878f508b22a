import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { keyValuesBody, readValues } from '../../http/request-input';
import { z } from 'zod';
import { parametersResponseSchema, parametersUpdateSchema, screenParametersSchema } from './parameters.schemas';
import { getParameters, putParameters } from './parameters.service';

/**
 * General parameters (SPEC.md sections 3, 5, 7): every role reads those its screens use (grid refresh time, terminal
 * sync by IP), the administrator all of them; only the administrator changes them. The UI's toasts for the result are 'Parametros actualizados' and
 * 'Error al actualizar parametros' (SPEC.md section 8); a refused write answers 400 with the message of each field.
 */
export function registerParameterRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: ['/api/parameters/get', '/api/parameters'],
      access: 'authenticated',
      tag: 'parameters',
      summary:
        'The general parameters; the Telegram bot token only as telegramBotTokenSet. Roles other than the administrator get only what their screens use: gridRefreshTime and terminalSyncByIP.',
      response: z.union([parametersResponseSchema, screenParametersSchema]),
    },
    ({ ctx }) => getParameters(ctx.db, ctx.timeZone, ctx.user.roleID),
  );
  api.route(
    {
      method: 'put',
      path: ['/api/parameters/put', '/api/parameters'],
      access: [ROLE.ADMINISTRATOR],
      tag: 'parameters',
      summary: 'Partial update (values: form field JSON or JSON body); answers the parameters as get does.',
      response: parametersResponseSchema,
      documentedBody: keyValuesBody({ values: parametersUpdateSchema }),
    },
    async ({ ctx }) => {
      const parameters = await putParameters(
        ctx.db,
        readValues(ctx.req.body, ctx.req.query as Record<string, unknown>),
        ctx.user,
        ctx.now,
        ctx.timeZone,
      );
      // The acquisition's calculation period (oeeCalculationRefresh) is one of them.
      plant.emit('configurationChanged', { area: 'parameters' });
      return parameters;
    },
  );
}
