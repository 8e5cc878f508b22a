/**
 * A write refused for lack of space: the database cannot grow (SQLITE_FULL) or a file cannot be written (ENOSPC, or
 * EDQUOT when a quota is reached). Nothing was stored, and everything works again once space is freed.
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT';
}
