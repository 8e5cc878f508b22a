/**
 * The functions a script may call. Names are matched case-insensitively (`MIN`, `Min`, `min`) and only when written
 * with parentheses, so a tag called `min` is still `min` without them. The catalogue is a `Map`, never an object, so
 * `constructor(…)` or `__proto__(…)` are unknown functions like any other name.
 */
import type { ScriptNode } from './ast';
import { EvaluationFault, type NumberFn, roundHalfAwayFromZero } from './runtime';
import { ScriptSyntaxError } from './script-error';
import { scriptProblem, type ScriptProblem } from './script-messages';

export interface NumericCall {
  /** Compiled arguments, as many as the arity allows. */
  args: readonly NumberFn[];
  argNodes: readonly ScriptNode[];
  /** "line 1, column 5" of the call, for run-time messages. */
  position: string;
}

interface Arity {
  minArgs: number;
  maxArgs: number;
}

/** A function of numbers to a number. */
export interface NumericFunction extends Arity {
  kind: 'numeric';
  build(call: NumericCall): NumberFn;
}

/**
 * `coalesce`/`ifnull` and `if`: their type is their arguments' type and their arguments are evaluated lazily, so the
 * compiler builds them itself.
 */
export interface SpecialForm extends Arity {
  kind: 'coalesce' | 'if';
}

export type ScriptFunction = NumericFunction | SpecialForm;

/** Round's digits are a literal so the factor is fixed at compile time; beyond ±15 a double has no digits left. */
const MAX_ROUND_DIGITS = 15;

const FUNCTIONS: ReadonlyMap<string, ScriptFunction> = new Map<string, ScriptFunction>([
  ['min', { kind: 'numeric', minArgs: 1, maxArgs: Infinity, build: ({ args }) => extremum(args, Math.min) }],
  ['max', { kind: 'numeric', minArgs: 1, maxArgs: Infinity, build: ({ args }) => extremum(args, Math.max) }],
  ['abs', mathFunction(Math.abs)],
  ['floor', mathFunction(Math.floor)],
  ['ceil', mathFunction(Math.ceil)],
  ['round', { kind: 'numeric', minArgs: 1, maxArgs: 2, build: buildRound }],
  ['clamp', { kind: 'numeric', minArgs: 3, maxArgs: 3, build: buildClamp }],
  ['coalesce', { kind: 'coalesce', minArgs: 2, maxArgs: Infinity }],
  ['ifnull', { kind: 'coalesce', minArgs: 2, maxArgs: 2 }],
  ['if', { kind: 'if', minArgs: 3, maxArgs: 3 }],
]);

export function functionNamed(name: string): ScriptFunction | undefined {
  return FUNCTIONS.get(name.toLowerCase());
}

/** "round expects 1 or 2 arguments, got 3", or undefined when the count fits. */
export function arityProblem(name: string, fn: Arity, count: number): ScriptProblem | undefined {
  if (count >= fn.minArgs && count <= fn.maxArgs) return undefined;
  if (fn.maxArgs === Infinity)
    return scriptProblem(fn.minArgs === 1 ? 'script.arityAtLeastOne' : 'script.arityAtLeast', { name, n: fn.minArgs, got: count });
  if (fn.minArgs === fn.maxArgs)
    return scriptProblem(fn.minArgs === 1 ? 'script.arityExactlyOne' : 'script.arityExactly', { name, n: fn.minArgs, got: count });
  return scriptProblem('script.arityBetween', { name, min: fn.minArgs, max: fn.maxArgs, got: count });
}

function mathFunction(apply: (value: number) => number): NumericFunction {
  return {
    kind: 'numeric',
    minArgs: 1,
    maxArgs: 1,
    build: ({ args }) => {
      const operand = argAt(args, 0);
      return (values) => apply(operand(values));
    },
  };
}

function extremum(args: readonly NumberFn[], pick: (a: number, b: number) => number): NumberFn {
  const first = argAt(args, 0);
  if (args.length === 1) return first;
  if (args.length === 2) {
    const second = argAt(args, 1);
    return (values) => pick(first(values), second(values));
  }
  const rest = args.slice(1);
  return (values) => {
    let result = first(values);
    for (const arg of rest) result = pick(result, arg(values));
    return result;
  };
}

function buildRound({ args, argNodes }: NumericCall): NumberFn {
  const operand = argAt(args, 0);
  const digitsNode = argNodes[1];
  const digits = digitsNode ? roundDigits(digitsNode) : 0;
  return (values) => roundHalfAwayFromZero(operand(values), digits);
}

function roundDigits(node: ScriptNode): number {
  const digits = integerLiteral(node);
  if (digits === undefined || Math.abs(digits) > MAX_ROUND_DIGITS) {
    throw new ScriptSyntaxError(scriptProblem('script.roundDigits', { max: MAX_ROUND_DIGITS }), node.start);
  }
  return digits;
}

/** `3` or `-1`; undefined for anything that is not an integer literal. */
function integerLiteral(node: ScriptNode): number | undefined {
  if (node.kind === 'number') return Number.isInteger(node.value) ? node.value : undefined;
  if (node.kind === 'unary' && node.operator === 'negate') {
    const magnitude = integerLiteral(node.operand);
    return magnitude === undefined ? undefined : -magnitude;
  }
  return undefined;
}

function buildClamp({ args, position }: NumericCall): NumberFn {
  const [value, lower, upper] = [argAt(args, 0), argAt(args, 1), argAt(args, 2)];
  return (values) => {
    const x = value(values);
    const low = lower(values);
    const high = upper(values);
    if (low > high) {
      throw new EvaluationFault(`clamp lower bound ${low} is greater than upper bound ${high} at ${position}`, false);
    }
    return x < low ? low : x > high ? high : x;
  };
}

/** The compiler checks the arity before building, so a missing argument is a bug here, not a script error. */
function argAt(args: readonly NumberFn[], index: number): NumberFn {
  const arg = args[index];
  if (!arg) throw new Error(`Argument ${index + 1} missing: arity is checked before a function is built`);
  return arg;
}
