import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { getAsset, getAssetKeys } from 'node:sea';
import type { RequestHandler } from 'express';
import { SEA_ASSET } from '../executable/sea-assets';

/** The built React app's files (index.html, assets/…), wherever they are kept. */
export interface UiFiles {
  /** The file at a path relative to the app's root (`index.html`, `assets/index-3f2a9c.js`), or undefined. */
  read(path: string): Buffer | undefined;
}

/** Reads each file once: the built app never changes while the edge runs. */
function memoized(read: (path: string) => Buffer | undefined): UiFiles {
  const files = new Map<string, Buffer | undefined>();
  return {
    read(path) {
      if (!files.has(path)) files.set(path, read(path));
      return files.get(path);
    },
  };
}

/** The app as Vite builds it into a folder (dist/ui). */
export function uiFolder(dir: string): UiFiles {
  return memoized((path) => {
    const file = join(dir, path);
    return statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file) : undefined;
  });
}

/** The app embedded in the single executable as SEA assets (`ui/` + its path in dist/ui), served from memory. */
export function uiSeaAssets(): UiFiles {
  const keys = new Set(getAssetKeys().filter((key) => key.startsWith(SEA_ASSET.uiPrefix)));
  return memoized((path) => {
    const key = SEA_ASSET.uiPrefix + path;
    return keys.has(key) ? Buffer.from(getAsset(key)) : undefined;
  });
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

/**
 * Serves the app for every GET that reaches it: a file of the build (their names carry a content hash, so they may be
 * cached for a year), else index.html, never cached so a new version is picked up at once — the SPA's client-side
 * routes (/login, /configuracion, …). `indexFile` is the page of the app served (the central portal has its own,
 * portal.html). Undefined when the build has no such page.
 */
export function uiHandler(files: UiFiles, indexFile = 'index.html'): RequestHandler | undefined {
  const indexHtml = files.read(indexFile);
  if (!indexHtml) return undefined;
  return (req, res) => {
    const path = appFilePath(req.path);
    const file = path && path !== indexFile ? files.read(path) : undefined;
    if (file && path) res.set('Cache-Control', 'public, max-age=31536000, immutable').type(extname(path)).send(file);
    else res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
  };
}
