import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * Which API routes this edge serves, read once from /api/openapi.json. Menu items and configuration tabs that
 * name a route they need (`requires: 'GET /api/x'`) appear only once the server has it, so the app never shows a
 * link to something the server would answer 404.
 */
export type RouteRequirement = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
}

/** The served routes as 'METHOD /path' in lower case. */
export function servedRoutes(document: OpenApiDocument): ReadonlySet<string> {
  const routes = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(operations)) routes.add(`${method} ${normalizePath(path)}`.toLowerCase());
  }
  return routes;
}

const normalizePath = (path: string) => path.replace(/\/+$/, '').toLowerCase();

export function isServed(routes: ReadonlySet<string> | undefined, requirement: RouteRequirement | undefined): boolean {
  if (!requirement) return true;
  if (!routes) return false;
  const [method = '', path = ''] = requirement.split(' ');
  return routes.has(`${method.toLowerCase()} ${normalizePath(path)}`);
}

export const servedRoutesQuery = queryOptions({
  queryKey: ['openapi', 'routes'],
  queryFn: async () => servedRoutes(await apiRequest<OpenApiDocument>('/api/openapi.json', { authenticated: false })),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** A predicate telling whether a requirement is met (false until the document has loaded). */
export function useServed(): (requirement: RouteRequirement | undefined) => boolean {
  const { data } = useQuery(servedRoutesQuery);
  return (requirement) => isServed(data, requirement);
}
