/** The types of precompress.mjs, for the TypeScript that calls it (the pages bench's floor build). */
export function precompress(dir: string): { files: number; raw: number; brotli: number; gzip: number };
