import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { setupOutcome } from './setup-outcome';

const WARNING = 'No se pudo conectar a la base de datos. Por favor, verifique la cadena de conexión.';

describe('what the setup wizard shows after configure (SPEC.md sections 4, 8)', () => {
  it('finishes with the temporary password', () => {
    expect(setupOutcome({ valid: true, error: null, created: true, password: 'pw' }, null, WARNING)).toEqual({
      kind: 'finished',
      password: 'pw',
    });
  });

  it("shows the connection warning once, followed by the server's reason", () => {
    expect(
      setupOutcome({ valid: false, error: `${WARNING} (/x: no such directory)`, created: false, password: null }, null, WARNING),
    ).toEqual({
      kind: 'connectFailed',
      detail: '(/x: no such directory)',
    });
  });

  it('tells an already configured system apart from other backend errors', () => {
    expect(setupOutcome(undefined, new ApiError(409, 'conflict', 'El sistema ya fue configurado.'), WARNING)).toEqual({
      kind: 'alreadyConfigured',
    });
    expect(setupOutcome(undefined, new ApiError(500, 'internal', 'Ha ocurrido un error'), WARNING)).toEqual({
      kind: 'failed',
      detail: 'Ha ocurrido un error',
    });
  });
});
