import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes, system } from './theme';

const uiSrc = join(dirname(fileURLToPath(import.meta.url)), '..');
const components = join(uiSrc, '../../node_modules/@chakra-ui/react/dist/esm/components');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The names the app imports from '@chakra-ui/react' (Button, Dialog, NativeSelect...). */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(uiSrc)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The recipe keys a Chakra component folder asks for, following its imports of other component folders. */
function recipeKeys(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(folder) || !existsSync(join(components, folder))) return keys;
  seen.add(folder);
  for (const file of readdirSync(join(components, folder))) {
    const text = readFileSync(join(components, folder, file), 'utf8');
    for (const match of text.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const key of recipeKeys(match[1]!, seen)) keys.add(key);
  }
  return keys;
}

describe("the app's Chakra system", () => {
  it("has the recipe of every Chakra component the app imports that Chakra's default theme styles", () => {
    const needed = new Set<string>();
    for (const name of importedNames()) for (const key of recipeKeys(kebab(name))) needed.add(key);
    expect(needed.size).toBeGreaterThan(20);
    const missing = [...needed].filter(
      (key) =>
        (key in defaultConfig.theme!.recipes! && !(key in recipes)) || (key in defaultConfig.theme!.slotRecipes! && !(key in slotRecipes)),
    );
    expect(missing).toEqual([]);
  });

  it("makes the same global CSS, tokens and recipe classes as Chakra's default system with the plant's colours", () => {
    const reference = createSystem(
      defaultConfig,
      defineConfig({
        theme: { tokens: { colors: { oee: { green: { value: '#31aca6' }, red: { value: '#ec5453' }, running: { value: '#66D18A' } } } } },
        globalCss: {
          'html, body, #root': { height: '100%' },
          '.ag-row.row-locked .ag-cell': { textDecoration: 'line-through', color: 'fg.muted' },
          '.ag-header-cell .ag-header-cell-text': { overflowWrap: 'normal' },
        },
      }),
    );
    expect(JSON.stringify(system._global)).toBe(JSON.stringify(reference._global));
    expect(system.tokens.allTokens.map((token) => `${token.name} ${token.value}`)).toEqual(
      reference.tokens.allTokens.map((token) => `${token.name} ${token.value}`),
    );
    for (const key of Object.keys(recipes)) expect(system.getRecipeFn(key)({})).toEqual(reference.getRecipeFn(key)({}));
    for (const key of Object.keys(slotRecipes)) expect(system.getSlotRecipeFn(key)({})).toEqual(reference.getSlotRecipeFn(key)({}));
    expect([...system.properties].sort()).toEqual([...reference.properties].sort());
  });
});
