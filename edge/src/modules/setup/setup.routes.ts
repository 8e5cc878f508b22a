import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { configureResultSchema, configureSchema, informationSchema } from './setup.schemas';
import { configure, setupInformation } from './setup.service';

export function registerSetupRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/setup/information',
      access: 'public',
      duringSetup: true,
      tag: 'setup',
      summary: 'Whether the first-run setup is pending, and the database providers to choose from.',
      response: informationSchema,
    },
    () => setupInformation(plant),
  );
  api.route(
    {
      method: 'post',
      path: '/api/setup/configure',
      access: 'public',
      duringSetup: true,
      publicUntilConfigured: true,
      tag: 'setup',
      summary:
        'First-run setup: choose the database; creates the administrator `admin` and returns its temporary password once. With `demo: true` (empty database only) it creates the demo plant instead, wired to an in-process OPC UA simulator; its users admin, supervisor, operator and consultant have the password `demo`.',
      body: configureSchema,
      response: configureResultSchema,
    },
    ({ ctx, body }) => configure(plant, body, ctx.language),
  );
}
