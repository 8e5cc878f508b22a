/**
 * The line-script language: `calculationBaliza` (is the line running), `calculationUnits` and
 * `calculationDiscards` (absolute counters), written over OPC tag values. Pure: no I/O, no eval.
 */
export {
  compileScript,
  type CompiledScript,
  type CompileOptions,
  type CompileResult,
  type EvaluationResult,
  type ScriptKind,
  type ScriptValue,
} from './compile';
export { decodeStoredScript, encodeStoredScript, hasBeaconScript, type StoredScript } from './markers';
export { listScriptTags } from './parser';
export type { TagValue, TagValueLookup } from './runtime';
export type { ScriptError } from './script-error';
