import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';

const t = (language: 'es' | 'en') => i18n.getFixedT(language);

describe('the catalogues (issue 27: Spanish screens without English, SPEC.md sections 3 and 8)', () => {
  beforeAll(() => loadLanguage('en'));
  it('say recognising several stops in the plural', () => {
    expect(t('es')('stopActions.recognized', { count: 1 })).toBe('Parada reconocida.');
    expect(t('es')('stopActions.recognized', { count: 3 })).toBe('Paradas reconocidas.');
    expect(t('en')('stopActions.recognized', { count: 2 })).toBe('Stops recognized.');
  });
  it('name the read statuses and hold the messages SPEC.md lists', () => {
    expect(['notRead', 'read', 'readWithErrors', 'unknown'].map((name) => t('es')(`readStatus.${name as 'read'}`))).toEqual([
      'No leído',
      'Leído',
      'Leído con errores',
      'Desconocido',
    ]);
    expect(t('en')('errors.somethingHappened')).toBe('Something happened, please try again');
    expect(t('en')('errors.siloSequence')).toBe('There was an error when creating the silo/sequence, contact an administrator');
  });
  it("title the sectors' and buildings' keys apart from their names", () => {
    expect(t('es')('sectors.sectorNumber')).not.toBe(t('es')('fields.sectorName'));
    expect(t('es')('sectors.buildingNumber')).not.toBe(t('es')('fields.buildingName'));
  });
});
