import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';
import '../lib/page-messages';
import { es } from './es';
import { esCore } from './es-core';
import { esPages } from './es-pages';

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

/** The ui/src files main.tsx loads with it (static imports, not `import()` nor `import type`), as the first bundle holds them. */
function firstBundleFiles(): string[] {
  const root = join(__dirname, '..');
  const seen = new Set<string>();
  const next = [join(root, 'main.tsx')];
  while (next.length > 0) {
    const file = next.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, typeOnly, path] of code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/gm)) {
      if (typeOnly) continue;
      const base = join(dirname(file), path!);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
        (candidate) => existsSync(candidate) && !candidate.endsWith('/') && relative(root, candidate).split('/')[0] !== '..',
      );
      if (found && /\.tsx?$/.test(found)) next.push(found);
    }
  }
  return [...seen];
}

describe('the Spanish catalogue in two parts (es-core.ts with the first bundle, es-pages.ts with the pages)', () => {
  it('are the whole catalogue, each section in one part only', () => {
    expect(Object.keys(esCore).filter((section) => section in esPages)).toEqual([]);
    expect(Object.keys(es).sort()).toEqual([...Object.keys(esCore), ...Object.keys(esPages)].sort());
  });

  it("hold in the first part every section the login page's bundle reads", () => {
    const files = firstBundleFiles();
    expect(files.map((file) => file.replace(/.*\/ui\/src\//, ''))).toEqual(
      expect.arrayContaining(['features/auth/login-page.tsx', 'app/router.tsx']),
    );
    expect(files.some((file) => file.endsWith('page-messages.ts'))).toBe(false);
    const read = new Set<string>();
    for (const file of files) {
      // Comments apart: they quote keys as examples.
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const section of Object.keys(es)) if (new RegExp(`['"\`]${section}\\.`).test(code)) read.add(section);
    }
    expect([...read].filter((section) => !(section in esCore))).toEqual([]);
  });
});
