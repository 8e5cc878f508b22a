import { SYSTEM_STOP_REASONS } from '../../db/seed';
import { REASON, REASON_PATH_SEPARATOR, type CategoryReasonId } from '../../domain/stops';
import type { Language } from '../../http/messages';

/**
 * The seeded system reasons (db/seed.ts, stored in Spanish) in the request's language. Only those are translated,
 * by id: a plant's own reasons read as the plant wrote them. A system reason's name cannot be changed (only its
 * colour and pareto flag), so the stored Spanish name is always the seeded one.
 */
const ENGLISH_NAMES: Record<CategoryReasonId, string> = {
  [REASON.ROOT]: 'Root',
  [REASON.SYSTEM]: 'System',
  [REASON.MICROSTOP]: 'Microstop',
  [REASON.OPC_DISCONNECTED]: 'OPC disconnected',
  [REASON.END_OF_LOT]: 'End of lot',
  [REASON.ADJUSTMENT]: 'Adjustment stop',
  [REASON.PLANNED]: 'Planned',
  [REASON.UNPLANNED]: 'Unplanned',
  [REASON.EDGE_DOWN]: 'Edge not running',
};

const isSystemReason = (id: unknown): id is CategoryReasonId => typeof id === 'number' && Object.hasOwn(ENGLISH_NAMES, id);

/** The name of reason `reasonID` in `language`: a system reason's own, any other reason's `stored` name. */
function reasonName(reasonID: unknown, stored: unknown, language: Language): unknown {
  return language === 'en' && isSystemReason(reasonID) ? ENGLISH_NAMES[reasonID] : stored;
}

/**
 * A reason path ('Sistema / OPC desconectado', 'No planificadas / Mecánica') in `language`. A path names a branch of
 * the tree from a top category down, so its leading segments that are system reasons, each the child of the one
 * before (the first a child of the root), are translated; from the first of the plant's own reasons on, the rest
 * stays as written.
 */
function pathName(path: unknown, language: Language): unknown {
  if (language === 'es' || typeof path !== 'string' || path === '') return path;
  const segments = path.split(REASON_PATH_SEPARATOR);
  let parentID: number = REASON.ROOT;
  for (let i = 0; i < segments.length; i++) {
    const system = SYSTEM_STOP_REASONS.find((reason) => reason.parentID === parentID && reason.reason === segments[i]);
    if (!system) break;
    segments[i] = ENGLISH_NAMES[system.reasonID];
    parentID = system.reasonID;
  }
  return segments.join(REASON_PATH_SEPARATOR);
}

/** Any row naming reasons as the API answers them: a stop reason, a stop, a stop summary row, a reason-tree node. */
interface NamesReasons {
  reasonID?: unknown;
  reason?: unknown;
  rootID?: unknown;
  root?: unknown;
  path?: unknown;
}

/**
 * THE translation of reason names for a response: `reason` by `reasonID`, `root` by `rootID` and the system
 * segments of `path`, in `language`. Every route that answers reasons or stops passes its rows through it.
 */
export function localizeReasonNames<T extends NamesReasons>(row: T, language: Language): T {
  if (language === 'es') return row;
  const out: NamesReasons = { ...row };
  if ('reason' in row) out.reason = reasonName(row.reasonID, row.reason, language);
  if ('root' in row) out.root = reasonName(row.rootID, row.root, language);
  if ('path' in row) out.path = pathName(row.path, language);
  return out as T;
}

/** True when `name` is the name of system reason `reasonID` in some language (a client sending back what it read). */
export function isSystemReasonName(reasonID: unknown, name: unknown): boolean {
  return (
    isSystemReason(reasonID) &&
    (name === ENGLISH_NAMES[reasonID] || name === SYSTEM_STOP_REASONS.find((reason) => reason.reasonID === reasonID)?.reason)
  );
}
