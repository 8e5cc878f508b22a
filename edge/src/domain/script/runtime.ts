/**
 * What compiled scripts run on: tag reads with their type checks, the "no value" rule and the numeric helpers.
 *
 * A compiled script is a tree of closures `(values) => value`. Failures travel as a thrown `EvaluationFault`, caught
 * once per evaluation by `CompiledScript.evaluate` (and by `coalesce`, for faults that mean "no value"). The fault is
 * deliberately not an `Error`: building a stack trace on every bad-quality read would make a disconnected OPC server
 * (every tag null, every script failing on every pass) cost far more than a healthy one.
 */

/** A tag's current value as the OPC layer delivers it; null means bad quality or not read yet. */
export type TagValue = boolean | number | bigint | string | null;

/**
 * Where a script reads tag values. A `ReadonlyMap<string, TagValue>` is one, and the fastest: no adapter, one
 * `get` per tag reference. A name that is absent counts as a tag without a good value.
 */
export interface TagValueLookup {
  get(tagName: string): TagValue | undefined;
}

/** The values a script computes with: bigints are read as numbers, null never gets past a tag read. */
export type Scalar = number | boolean | string;
export type ValueType = 'number' | 'boolean' | 'string';

export type NumberFn = (values: TagValueLookup) => number;
export type BooleanFn = (values: TagValueLookup) => boolean;
export type StringFn = (values: TagValueLookup) => string;
export type ScalarFn = (values: TagValueLookup) => Scalar;

/** Immutable, so a tag read or a division builds its fault once at compile time and throws the same one each time. */
export class EvaluationFault {
  constructor(
    readonly message: string,
    /** True when the fault means "this expression has no value" (bad tag, division by zero): `coalesce` recovers. */
    readonly noValue: boolean,
  ) {}
}

function noGoodValue(tagName: string): EvaluationFault {
  return new EvaluationFault(`Tag '${tagName}' has no good value`, true);
}

export function typeOfScalar(value: Scalar): ValueType {
  return typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
}

/** "a number", "a boolean", "a string". */
export function withArticle(type: ValueType): string {
  return `a ${type}`;
}

/**
 * Reads a tag that must be a number. NaN and ±Infinity count as no good value (a Double tag's way of saying "bad"),
 * bigints (Int64/UInt64 tags) become numbers, losing precision beyond 2^53 like any double.
 */
export function numberTag(tagName: string): NumberFn {
  const missing = noGoodValue(tagName);
  return (values) => {
    const value = values.get(tagName);
    if (typeof value === 'number' && value - value === 0) return value;
    const scalar = toScalar(tagName, value, missing);
    if (typeof scalar === 'number') return scalar;
    throw wrongTagType(tagName, scalar, 'number');
  };
}

export function booleanTag(tagName: string): BooleanFn {
  const missing = noGoodValue(tagName);
  return (values) => {
    const value = values.get(tagName);
    if (typeof value === 'boolean') return value;
    const scalar = toScalar(tagName, value, missing);
    if (typeof scalar === 'boolean') return scalar;
    throw wrongTagType(tagName, scalar, 'boolean');
  };
}

export function stringTag(tagName: string): StringFn {
  const missing = noGoodValue(tagName);
  return (values) => {
    const value = values.get(tagName);
    if (typeof value === 'string') return value;
    const scalar = toScalar(tagName, value, missing);
    if (typeof scalar === 'string') return scalar;
    throw wrongTagType(tagName, scalar, 'string');
  };
}

/** Reads a tag whose type the context does not fix (both sides of `==` are tags, for instance). */
export function scalarTag(tagName: string): ScalarFn {
  const missing = noGoodValue(tagName);
  return (values) => toScalar(tagName, values.get(tagName), missing);
}

/**
 * The single place a raw tag value becomes a script value. Anything outside `TagValue` (a lookup returning an object
 * or a function) is refused here, so no JavaScript object can ever flow into a script.
 */
function toScalar(tagName: string, value: unknown, missing: EvaluationFault): Scalar {
  switch (typeof value) {
    case 'number':
      if (Number.isFinite(value)) return value;
      throw missing;
    case 'bigint':
      return Number(value);
    case 'boolean':
    case 'string':
      return value;
    default:
      if (value === null || value === undefined) throw missing;
      throw new EvaluationFault(`Tag '${tagName}' has an unsupported value type (${typeof value})`, false);
  }
}

function wrongTagType(tagName: string, value: Scalar, expected: ValueType): EvaluationFault {
  return new EvaluationFault(`Tag '${tagName}' is ${withArticle(typeOfScalar(value))}, expected ${withArticle(expected)}`, false);
}

/**
 * `coalesce(a, b, …)`: the first argument that has a value. `init` are tried in order, recovering only from "no
 * value" faults; `last` is not guarded, so when nothing has a value its fault is the one reported.
 */
export function firstWithValue<T extends Scalar>(
  init: readonly ((values: TagValueLookup) => T)[],
  last: (values: TagValueLookup) => T,
): (values: TagValueLookup) => T {
  const [only] = init;
  if (only && init.length === 1) {
    return (values) => {
      try {
        return only(values);
      } catch (fault) {
        if (fault instanceof EvaluationFault && fault.noValue) return last(values);
        throw fault;
      }
    };
  }
  return (values) => {
    for (const candidate of init) {
      try {
        return candidate(values);
      } catch (fault) {
        if (!(fault instanceof EvaluationFault && fault.noValue)) throw fault;
      }
    }
    return last(values);
  };
}

/**
 * Rounds half away from zero to `digits` decimals (negative digits round to tens, hundreds…), like a spreadsheet's
 * ROUND: round(2.5) = 3, round(-2.5) = -3, round(1.005, 2) = 1.01. The relative nudge of one epsilon undoes the
 * binary representation error of decimal halves (1.005 is stored as 1.00499999999999989…).
 */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  let rounded: number;
  if (digits >= 0) {
    const factor = 10 ** digits;
    rounded = Math.round(magnitude * factor * (1 + Number.EPSILON)) / factor;
  } else {
    const factor = 10 ** -digits;
    rounded = Math.round((magnitude / factor) * (1 + Number.EPSILON)) * factor;
  }
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
