import { requireAcquisition } from '../../acquisition/index';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import { keyValuesBody, parseInput, readValues } from '../../http/request-input';
import type { Plant } from '../../plant';
import {
  apiKeyResultSchema,
  executeResultSchema,
  executeValuesSchema,
  lineQuerySchema,
  pushedValuesBody,
  pushResultSchema,
  serverParamsSchema,
  tagStatusSchema,
} from './live-tags.schemas';
import { API_KEY_HEADER, createApiKey, lineTagStatus, previewScript, pushAuthority, pushValues, revokeApiKey } from './live-tags.service';

const ADMIN = [ROLE.ADMINISTRATOR];

/**
 * The acquisition's live side over HTTP: the script preview of the lines' configuration, the status of a line's
 * tags, and the values API servers push (SPEC.md sections 3 and 7).
 */
export function registerLiveTagRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'post',
      path: ['/api/tags/execute'],
      access: ADMIN,
      tag: 'tags',
      summary:
        'Compiles and evaluates a line script on the current tag values (form field values = {script, kind?}); answers {error, message} with the result or the error and its position.',
      response: executeResultSchema,
      documentedBody: keyValuesBody({ values: executeValuesSchema }),
    },
    ({ ctx }) => {
      const values = parseInput(executeValuesSchema, readValues(ctx.req.body, ctx.req.query as Record<string, unknown>));
      return previewScript(requireAcquisition(plant), values.script, values.kind ?? values.expect, ctx.language);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/tags/values',
      access: 'public',
      tag: 'tags',
      summary: `Values of the tags of API servers: { values: [{ tagName, value, timestamp?, good? }] } (or { values: { tagName: value } }, or the list or object as the body itself). Authorised by the server's key in the ${API_KEY_HEADER} header, or by an administrator's session. All or nothing; answers { accepted }.`,
      response: pushResultSchema,
      documentedBody: pushedValuesBody,
    },
    async ({ ctx }) => {
      const authority = await pushAuthority(
        ctx.db!,
        { apiKey: ctx.req.get(API_KEY_HEADER), authorization: ctx.req.get('authorization') },
        ctx.now,
      );
      return pushValues(requireAcquisition(plant), authority, ctx.req.body, ctx.now);
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/opcservers/:opcServerID/apikey',
      access: ADMIN,
      tag: 'opcservers',
      summary: `Generates the key of an API server (shown once; replaces the previous one). The pushing client sends it in the ${API_KEY_HEADER} header.`,
      response: apiKeyResultSchema,
    },
    ({ ctx, params }) => createApiKey(ctx.db, parseInput(serverParamsSchema, params).opcServerID),
  );
  api.route(
    {
      method: 'delete',
      path: '/api/opcservers/:opcServerID/apikey',
      access: ADMIN,
      tag: 'opcservers',
      summary: "Revokes an API server's key.",
      response: 'none',
    },
    async ({ ctx, params }) => {
      await revokeApiKey(ctx.db, parseInput(serverParamsSchema, params).opcServerID);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/opcstatus/get',
      access: 'authenticated',
      tag: 'tags',
      summary: "The tags a line's scripts read, with their node (url), quality and current value.",
      query: lineQuerySchema,
      response: tagStatusSchema,
    },
    ({ ctx, query }) => lineTagStatus(requireAcquisition(plant), query.lineID, ctx.timeZone),
  );
}
