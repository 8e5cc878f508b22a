import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { isModuleOn, useEnabledModules, type ModuleSwitch } from './enabled-modules';

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

/** What an entry (menu item, tab, page) needs before it shows: an API route the server has, a module that runs. */
export interface Availability {
  requires?: RouteRequirement;
  module?: ModuleSwitch;
}

/** A predicate telling whether an entry's needs are met (false until the served routes and modules are known). */
export function useAvailable(): (entry: Availability) => boolean {
  const { data: routes } = useQuery(servedRoutesQuery);
  const { data: modules } = useEnabledModules();
  return (entry) => isServed(routes, entry.requires) && isModuleOn(modules, entry.module);
}
