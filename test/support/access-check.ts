import { callEdge } from './test-edge';

/**
 * The permission check shared by the edge's matrix (test/api/permission-matrix.test.ts) and the central portal's
 * (test/api/portal-permissions.test.ts): every route called without a session and as each caller, with an empty body
 * on writes; a caller the route admits must get past the session and role checks (anything but 401 and 403), one it
 * does not admit must be refused — 401 without a token, 403 with one.
 */

export interface AccessCall {
  method: string;
  /** The declared path (`:name` parameters are called with 1). */
  path: string;
  /** Who calls, for the failure's text. */
  caller: string;
  allowed: boolean;
  /** The token to call with (null: none); a function for routes that spend it (logout ends its session). */
  token: string | null | (() => Promise<string>);
}

/** A declared path with its parameters filled in. */
export function concrete(path: string): string {
  return path.replace(/:(\w+)/g, '1');
}

/** What went wrong, one text per call that was let through or refused against its expectation. */
export async function accessFailures(url: string, calls: readonly AccessCall[]): Promise<string[]> {
  const failures: string[] = [];
  for (const call of calls) {
    const token = typeof call.token === 'function' ? await call.token() : call.token;
    const path = concrete(call.path);
    const answer = await callEdge(url, call.method, path, { token: token ?? undefined, json: call.method === 'GET' ? undefined : {} });
    const refused = answer.status === 401 || answer.status === 403;
    const refusal = token === null ? 401 : 403;
    if (call.allowed ? refused : answer.status !== refusal) {
      failures.push(`${call.method} ${path} as ${call.caller} → ${answer.status}, expected ${call.allowed ? 'to pass' : refusal}`);
    }
  }
  return failures;
}
