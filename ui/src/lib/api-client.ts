import { currentLanguage } from './i18n';
import { session } from './session';

/**
 * The one API client (ARCHITECTURE.md "API conventions"): every call carries the stored user's bearer token and the
 * current language; a 401 on an authenticated call ends the session (the guards then show /login); failures become
 * an ApiError holding the server's message and its per-field messages.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's error code ('validation', 'sessionExpired', …), or 'network' / 'http' when it sent none. */
    readonly code: string,
    message: string,
    /** Message per field, from a 400's `error.fields`. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Scalar = string | number | boolean;
export type QueryParams = Record<string, Scalar | null | undefined | object>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query string; objects and arrays are sent as JSON text (filter, sort). */
  query?: QueryParams;
  /** JSON body. */
  json?: unknown;
  /** Form fields (x-www-form-urlencoded); objects are sent as JSON text, as the grid calls expect. */
  form?: Record<string, unknown>;
  /** Read the answer as a Blob (file downloads). */
  blob?: boolean;
  /** False for calls made without a session (login, setup, /meta.json): a 401 there does not log anybody out. */
  authenticated?: boolean;
  signal?: AbortSignal;
}

const encodeValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function buildUrl(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, encodeValue(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

export function formBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, encodeValue(value));
  }
  return body;
}

/** Turns a failed response's status and body into an ApiError (the server's `{ error: { code, message, fields } }`). */
export function apiErrorFrom(status: number, body: unknown, bodyText = ''): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error === 'object') {
    const fields: Record<string, string> = {};
    if (error.fields && typeof error.fields === 'object') {
      for (const [field, message] of Object.entries(error.fields as Record<string, unknown>)) {
        if (typeof message === 'string') fields[field] = message;
      }
    }
    return new ApiError(
      status,
      typeof error.code === 'string' ? error.code : 'http',
      typeof error.message === 'string' ? error.message : '',
      fields,
    );
  }
  // Not the API's shape (a proxy, an HTML page): keep a short plain text so "show the server's answer" still works.
  const text = bodyText.trim().startsWith('<') ? '' : bodyText.trim().slice(0, 500);
  return new ApiError(status, 'http', text);
}

/** What to tell the user about a failure: the server's message, else the given fallback ('Error desconocido'). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** A 401 that means "no valid session" (not a wrong signature on a signed action, which is also a 401). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== 'invalidSignature';
}

async function readBody(response: Response): Promise<{ body: unknown; text: string }> {
  const text = await response.text();
  if (!text) return { body: null, text };
  try {
    return { body: JSON.parse(text), text };
  } catch {
    return { body: text, text };
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const authenticated = options.authenticated ?? true;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = session.token();
  if (authenticated && token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = formBody(options.form);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network', '');
  }

  if (!response.ok) {
    const { body: errorBody, text } = await readBody(response);
    const error = apiErrorFrom(response.status, errorBody, text);
    // The stored session is no longer valid: forget it, so the guards show /login.
    if (endsSession(error) && authenticated && token && session.token() === token) session.end('expired');
    throw error;
  }
  if (options.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  return (await readBody(response)).body as T;
}
