import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documents link only to what a fresh clone has: every relative link of README.md, CONTRIBUTING.md,
 * deploy/README.md and docs/*.md names a file or folder inside the repository, and its #anchor a heading of that
 * document. The README links nowhere outside the repository.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  'deploy/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text of a document without its fenced code blocks and inline code spans (where brackets are not links). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, 'code');
}

/** Link targets of a document: `[text](target)` and `![alt](target)`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor of a heading: lower case, code marks and punctuation dropped, blanks as hyphens; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('the documents inside the repository', () => {
  it('exist: README, CONTRIBUTING, the deploy notes and the docs', () => {
    for (const document of [
      'README.md',
      'CONTRIBUTING.md',
      'deploy/README.md',
      'docs/architecture.md',
      'docs/functional-guide.md',
      'docs/first-plant.md',
    ]) {
      expect(existsSync(join(ROOT, document)), document).toBe(true);
    }
  });

  for (const document of DOCUMENTS) {
    it(`${document}: every relative link resolves inside the repository, and its anchor to a heading`, () => {
      const markdown = readFileSync(join(ROOT, document), 'utf8');
      const problems: string[] = [];
      for (const target of linkTargets(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
          if (document === 'README.md') problems.push(`${target}: the README links only inside the repository`);
          continue;
        }
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), decodeURIComponent(path));
        const inside = relative(ROOT, file);
        if (inside.startsWith('..') || inside.startsWith(sep) || !existsSync(file)) {
          problems.push(`${target}: no such file in the repository`);
          continue;
        }
        if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile() && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
          problems.push(`${target}: no heading with that anchor`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('finds the links and anchors it checks (a broken link or anchor would be reported)', () => {
    expect(linkTargets('See [a](docs/x.md#y), ![b](img.png) and `[not](a link)`.\n```\n[nor](this)\n```')).toEqual([
      'docs/x.md#y',
      'img.png',
    ]);
    expect([...anchorsOf('# Stop reasons that discount OEE (`discountOEE`)\n## The app (ui/src)\n## Notes\n## Notes')]).toEqual([
      'stop-reasons-that-discount-oee-discountoee',
      'the-app-uisrc',
      'notes',
      'notes-1',
    ]);
  });
});
