import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, apiRequest, buildUrl, endsSession, errorMessage, formBody } from './api-client';
import { session } from './session';

describe('apiErrorFrom', () => {
  it("keeps the server's code, message and per-field messages", () => {
    const error = apiErrorFrom(400, {
      error: {
        code: 'validation',
        message: 'El campo nombre es obligatorio.',
        fields: { name: 'El campo nombre es obligatorio.', bad: 3 },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('El campo nombre es obligatorio.');
    expect(error.fields).toEqual({ name: 'El campo nombre es obligatorio.' });
  });

  it('keeps a short plain-text answer as the message, but never an HTML page', () => {
    expect(apiErrorFrom(502, 'upstream down', 'upstream down').message).toBe('upstream down');
    expect(apiErrorFrom(404, '<html>Not found</html>', '<html>Not found</html>').message).toBe('');
  });
});

describe('errorMessage', () => {
  it("shows the server's message, else the fallback ('Error desconocido')", () => {
    expect(errorMessage(new ApiError(409, 'conflict', 'Ya existe un registro con esa clave.'), 'Error desconocido')).toBe(
      'Ya existe un registro con esa clave.',
    );
    expect(errorMessage(new ApiError(0, 'network', ''), 'Error desconocido')).toBe('Error desconocido');
    expect(errorMessage(new TypeError('boom'), 'Error desconocido')).toBe('Error desconocido');
  });
});

describe('endsSession', () => {
  it('is true for an expired or missing session, false for a wrong signature on a signed action', () => {
    expect(endsSession(new ApiError(401, 'sessionExpired', 'Sesión expirada, vuelva a ingresar'))).toBe(true);
    expect(endsSession(new ApiError(401, 'unauthorized', ''))).toBe(true);
    expect(endsSession(new ApiError(401, 'invalidSignature', 'Firma no válida'))).toBe(false);
    expect(endsSession(new ApiError(403, 'forbidden', ''))).toBe(false);
  });
});

describe('request encoding', () => {
  it('sends objects in the query string and in form fields as JSON text, as the grid calls expect', () => {
    expect(buildUrl('/api/users', { filter: [['name', 'contains', 'a']], skip: 0, none: null })).toBe(
      '/api/users?filter=%5B%5B%22name%22%2C%22contains%22%2C%22a%22%5D%5D&skip=0',
    );
    expect(formBody({ key: 'ABC', values: { name: 'x', n: 1 } }).toString()).toBe(
      'key=ABC&values=%7B%22name%22%3A%22x%22%2C%22n%22%3A1%7D',
    );
  });
});

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.end('logout');
  });

  it('sends the bearer token and the language, and ends the session on a 401 of an authenticated call', async () => {
    session.login({ userID: 'u', roleID: 1, firstName: 'U', lastName: 'V', token: 'tok' });
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ error: { code: 'sessionExpired', message: 'Sesión expirada, vuelva a ingresar' } }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/users')).rejects.toMatchObject({ status: 401, code: 'sessionExpired' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('es');
    expect(session.user()).toBeNull();
  });

  it('keeps the session when a signed action is refused for its signature', async () => {
    session.login({ userID: 'u', roleID: 1, firstName: 'U', lastName: 'V', token: 'tok' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'invalidSignature', message: 'Firma no válida' } }), { status: 401 })),
    );
    await expect(apiRequest('/api/OeeIndex/RecalculateAllOrders')).rejects.toMatchObject({ message: 'Firma no válida' });
    expect(session.user()?.userID).toBe('u');
  });

  it('answers undefined for 204 and the parsed JSON otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/api/users/logout', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [], totalCount: 0 }), { status: 200 })),
    );
    await expect(apiRequest('/api/users')).resolves.toEqual({ data: [], totalCount: 0 });
  });
});
