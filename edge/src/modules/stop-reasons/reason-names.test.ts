import { describe, expect, it } from 'vitest';
import { SYSTEM_STOP_REASONS } from '../../db/seed';
import { isSystemReasonName, localizeReasonNames } from './reason-names';

describe('system reason names in the request language', () => {
  it('names every seeded system reason in English by its id, and leaves Spanish as stored', () => {
    const english = SYSTEM_STOP_REASONS.map(
      (reason) => localizeReasonNames({ reasonID: reason.reasonID, reason: reason.reason }, 'en').reason,
    );
    expect(english).toEqual([
      'Root',
      'System',
      'Microstop',
      'OPC disconnected',
      'End of lot',
      'Adjustment stop',
      'Planned',
      'Unplanned',
      'Edge not running',
    ]);
    const row = { reasonID: 4, reason: 'OPC desconectado', path: 'Sistema / OPC desconectado' };
    expect(localizeReasonNames(row, 'es')).toBe(row);
  });

  it('leaves a plant’s own reason as the plant wrote it, even under a system category', () => {
    expect(
      localizeReasonNames(
        {
          reasonID: 31,
          reason: 'Rotura de cinta',
          rootID: 8,
          root: 'No planificadas',
          path: 'No planificadas / Mecánica / Rotura de cinta',
        },
        'en',
      ),
    ).toEqual({
      reasonID: 31,
      reason: 'Rotura de cinta',
      rootID: 8,
      root: 'Unplanned',
      path: 'Unplanned / Mecánica / Rotura de cinta',
    });
  });

  it('translates only the leading path segments that are system reasons, each under the one before', () => {
    const path = (text: string | null) => localizeReasonNames({ path: text }, 'en').path;
    expect(path('Sistema / OPC desconectado')).toBe('System / OPC disconnected');
    expect(path('Sistema / Edge fuera de servicio')).toBe('System / Edge not running');
    expect(path('Planificadas')).toBe('Planned');
    // 'Microparada' is a system reason only under 'Sistema'; a plant's category of that name elsewhere stays.
    expect(path('Planificadas / Microparada')).toBe('Planned / Microparada');
    // Below a plant's reason nothing is a system reason.
    expect(path('No planificadas / Sistema / OPC desconectado')).toBe('Unplanned / Sistema / OPC desconectado');
    expect(path(null)).toBeNull();
    expect(path('')).toBe('');
  });

  it('recognizes a system reason’s name in either language (a client sending back what it read)', () => {
    expect(isSystemReasonName(4, 'OPC disconnected')).toBe(true);
    expect(isSystemReasonName(4, 'OPC desconectado')).toBe(true);
    expect(isSystemReasonName(4, 'Microstop')).toBe(false);
    expect(isSystemReasonName(31, 'Rotura de cinta')).toBe(false);
  });
});
