import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { getAsset, getAssetKeys } from 'node:sea';
import type { RequestHandler } from 'express';
import { SEA_ASSET } from '../executable/sea-assets';

/** The built React app's files (index.html, assets/…), wherever they are kept. */
export interface UiFiles {
  /** The file at a path relative to the app's root (`index.html`, `assets/index-3f2a9c.js`), or undefined. */
  read(path: string): Buffer | undefined;
}

/**
 * The files of the build, listed once when the edge starts (the built app never changes while it runs), each read
 * once when first asked for. A path not in the list is answered undefined without touching the file system or being
 * remembered: remembering every path asked for, misses included, grew the heap 15 MB in 4,000 anonymous GETs, and
 * asking the file system about a 256-byte segment answered 500 (ENAMETOOLONG) (issue 26).
 */
function listedFiles(paths: Iterable<string>, read: (path: string) => Buffer): UiFiles {
  const files = new Map<string, Buffer | null>(Array.from(paths, (path) => [path, null]));
  return {
    read(path) {
      if (!files.has(path)) return undefined;
      let file = files.get(path);
      if (!file) files.set(path, (file = read(path)));
      return file;
    },
  };
}

/** The app as Vite builds it into a folder (dist/ui): its files, dotfiles aside, as paths with '/'. */
export function uiFolder(dir: string): UiFiles {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        join(entry.parentPath, entry.name)
          .slice(dir.length + 1)
          .split(sep)
          .join('/'),
      );
  } catch {
    entries = [];
  }
  return listedFiles(
    entries.filter((path) => appFilePath(`/${path}`) === path),
    (path) => readFileSync(join(dir, path)),
  );
}

/** The app embedded in the single executable as SEA assets (`ui/` + its path in dist/ui), served from memory. */
export function uiSeaAssets(): UiFiles {
  const keys = getAssetKeys().filter((key) => key.startsWith(SEA_ASSET.uiPrefix));
  return listedFiles(
    keys.map((key) => key.slice(SEA_ASSET.uiPrefix.length)),
    (path) => Buffer.from(getAsset(SEA_ASSET.uiPrefix + path)),
  );
}

/**
 * The app's file a URL path names: its segments decoded, none empty or starting with a dot (so no `..` and no
 * dotfiles). Null for any other path.
 */
function appFilePath(urlPath: string): string | null {
  const segments = urlPath.split('/').slice(1);
  try {
    const decoded = segments.map((segment) => decodeURIComponent(segment));
    return decoded.every((segment) => segment && !segment.startsWith('.') && !/[\\/\0]/.test(segment)) ? decoded.join('/') : null;
  } catch {
    return null;
  }
}

/** The precompressed copies the build writes beside each file (deploy/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

type Coding = (typeof ENCODINGS)[number]['coding'];

/**
 * The content codings an Accept-Encoding header takes, by RFC 9110 section 12.5.3: a coding listed with q=0, or not
 * listed while no `*` allows it, is refused; the rest are acceptable whatever their weight, and of those the smallest
 * (brotli, then gzip) is chosen, as the precompressed copies are the same file.
 */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    // A weight that is no number between 0 and 1 (`q=junk`) refuses the coding rather than guessing.
    const q = parameters
      .map((parameter) => parameter.split('='))
      .find(([key]) => key?.trim() === 'q')?.[1]
      ?.trim();
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), weight);
  }
  const accepted = new Set<Coding>();
  for (const { coding } of ENCODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.add(coding);
  }
  return accepted;
}

/**
 * Serves the app for every GET that reaches it: a file of the build (their names carry a content hash, so they may be
 * cached for a year), else index.html, never cached so a new version is picked up at once — the SPA's client-side
 * routes (/login, /configuracion, …). A file with a precompressed copy (brotli `.br`, gzip `.gz`, made at build) is sent
 * as the copy the browser accepts, with Vary: Accept-Encoding so a cache keeps one per coding. `indexFile` is the page
 * of the app served (the central portal has its own, portal.html). Undefined when the build has no such page.
 */
export function uiHandler(files: UiFiles, indexFile = 'index.html'): RequestHandler | undefined {
  if (!files.read(indexFile)) return undefined;
  return (req, res) => {
    const path = appFilePath(req.path);
    const file = path && path !== indexFile && files.read(path) ? path : undefined;
    const served = file ?? indexFile;
    res.set('Cache-Control', file ? 'public, max-age=31536000, immutable' : 'no-cache').type(extname(served));
    const copies = ENCODINGS.map(({ coding, suffix }) => ({ coding, body: files.read(served + suffix) })).filter(({ body }) => body);
    if (copies.length === 0) return void res.send(files.read(served));
    res.vary('Accept-Encoding');
    const accepted = acceptedCodings(req.get('accept-encoding'));
    const copy = copies.find(({ coding }) => accepted.has(coding));
    if (copy) res.set('Content-Encoding', copy.coding).send(copy.body);
    else res.send(files.read(served));
  };
}
