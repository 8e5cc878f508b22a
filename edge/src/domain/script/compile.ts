/**
 * Compiles a line script once into a tree of closures, so that evaluating it on every calculation pass is a few
 * function calls and map reads: no parsing, no tree walk, no switch on node kinds at run time.
 *
 * Typing is strict and static where it can be. Literals and operators have fixed types (arithmetic and the numeric
 * functions are numbers; comparisons, `and`, `or`, `not` are booleans); a tag's type is known only at run time, so a
 * tag read checks its value against the type its context needs. There are no implicit conversions: an Int16 tag
 * used as a condition must be written `Line1.Running != 0`, and mixing types that are known at compile time (a
 * numeric script ending in a comparison, `1 + true`, `coalesce(Line1.Count, false)`) is a compile error.
 *
 * Run-time failures are results, never throws:
 * - a tag whose value is null or absent (bad quality, not read yet), NaN or ±Infinity: "Tag 'X' has no good value";
 * - division or remainder by zero: "Division by zero at line L, column C";
 * both mean "no value" and are recovered by `coalesce`/`ifnull`, which then try their next argument;
 * - a tag of the wrong type ("Tag 'X' is a string, expected a number"), a run-time comparison of two tags of
 *   different types, `clamp` bounds in the wrong order, a numeric result that is not finite: not recoverable.
 * `and`, `or`, `? :`, `if` and `coalesce` evaluate lazily, so a bad tag in a branch that is not taken does not fail.
 */
import { anchorOf, type ScriptNode, tagNamesOf } from './ast';
import { arityProblem, functionNamed } from './functions';
import { parseOrThrow } from './parser';
import {
  type BooleanFn,
  booleanTag,
  EvaluationFault,
  firstWithValue,
  type NumberFn,
  numberTag,
  type Scalar,
  type ScalarFn,
  scalarTag,
  type StringFn,
  stringTag,
  type TagValueLookup,
  typeOfScalar,
  type ValueType,
  withArticle,
} from './runtime';
import { describePosition, type ScriptError, ScriptSyntaxError, toScriptError } from './script-error';
import { scriptProblem, type ScriptProblem } from './script-messages';

/** What a script must produce: `calculationBaliza` is boolean, `calculationUnits` and `calculationDiscards` number. */
export type ScriptKind = 'boolean' | 'number';
export type ScriptValue = boolean | number;

export type EvaluationResult<V extends ScriptValue = ScriptValue> = { ok: true; value: V } | { ok: false; message: string };

export interface CompiledScript<V extends ScriptValue = ScriptValue> {
  readonly source: string;
  /** Distinct tag names the script refers to, in order of first appearance (including untaken branches). */
  readonly tags: readonly string[];
  /** Never throws for anything the script does; a lookup that throws is the caller's bug and propagates. */
  evaluate(values: TagValueLookup): EvaluationResult<V>;
}

export interface CompileOptions<K extends ScriptKind = ScriptKind> {
  expect: K;
  /** When given, a reference to a tag outside this set is a compile error (names are case-sensitive). */
  knownTags?: ReadonlySet<string>;
}

export type CompileResult<V extends ScriptValue = ScriptValue> =
  { ok: true; script: CompiledScript<V> } | { ok: false; error: ScriptError };

type StaticType = ValueType | 'dynamic';

/** 'a number', 'un número': a type named in a message. */
const typeProblem = (type: ValueType): ScriptProblem => scriptProblem(`script.type.${type}`);
type Compiled<T extends Scalar> = (values: TagValueLookup) => T;
type CallNode = ScriptNode & { kind: 'call' };
type BinaryNode = ScriptNode & { kind: 'binary' };

/**
 * Compiles `source` for the kind of value it must produce. The first problem found (syntax, unknown function or
 * arity, unknown tag, type) is returned with its position; nothing is thrown.
 */
export function compileScript(source: string, options: CompileOptions<'boolean'>): CompileResult<boolean>;
export function compileScript(source: string, options: CompileOptions<'number'>): CompileResult<number>;
export function compileScript(source: string, options: CompileOptions): CompileResult;
export function compileScript(source: string, options: CompileOptions): CompileResult {
  try {
    const root = parseOrThrow(source);
    const compiler = new Compiler(source, options.knownTags);
    const rootType = compiler.analyze(root);
    if (rootType !== 'dynamic' && rootType !== options.expect) {
      throw new ScriptSyntaxError(
        scriptProblem('script.wrongResultType', { want: typeProblem(options.expect), found: typeProblem(rootType) }),
        anchorOf(root),
      );
    }
    const evaluate = options.expect === 'number' ? numberEvaluator(compiler.number(root)) : booleanEvaluator(compiler.boolean(root));
    const script: CompiledScript = Object.freeze({ source, tags: Object.freeze(tagNamesOf(root)), evaluate });
    return { ok: true, script };
  } catch (error) {
    if (error instanceof ScriptSyntaxError) {
      return { ok: false, error: toScriptError(source, error.problem, error.offset) };
    }
    throw error;
  }
}

function numberEvaluator(root: NumberFn): (values: TagValueLookup) => EvaluationResult<number> {
  return (values) => {
    let value: number;
    try {
      value = root(values);
    } catch (fault) {
      if (fault instanceof EvaluationFault) return { ok: false, message: fault.message };
      throw fault;
    }
    if (!Number.isFinite(value)) return { ok: false, message: 'The result is not a finite number' };
    // -0 (from `-x` or rounding) would surprise every consumer that uses Object.is or prints the sign.
    return { ok: true, value: value === 0 ? 0 : value };
  };
}

function booleanEvaluator(root: BooleanFn): (values: TagValueLookup) => EvaluationResult<boolean> {
  return (values) => {
    try {
      return { ok: true, value: root(values) };
    } catch (fault) {
      if (fault instanceof EvaluationFault) return { ok: false, message: fault.message };
      throw fault;
    }
  };
}

/**
 * Two passes over the tree: `analyze` (source order) resolves functions, checks arity and tags and computes each
 * node's static type; then `number`/`boolean`/`string`/`scalar` build closures for the type the context needs.
 */
class Compiler {
  private readonly types = new Map<ScriptNode, StaticType>();

  constructor(
    private readonly source: string,
    private readonly knownTags: ReadonlySet<string> | undefined,
  ) {}

  analyze(node: ScriptNode): StaticType {
    const type = this.staticTypeOf(node);
    this.types.set(node, type);
    return type;
  }

  number(node: ScriptNode): NumberFn {
    this.expectType(node, 'number');
    switch (node.kind) {
      case 'number': {
        const value = node.value;
        return () => value;
      }
      case 'tag':
        return numberTag(node.name);
      case 'unary': {
        const operand = this.number(node.operand);
        return (values) => -operand(values);
      }
      case 'binary':
        return this.arithmetic(node);
      case 'conditional':
        return this.conditional(node.condition, node.whenTrue, node.whenFalse, (branch) => this.number(branch));
      case 'call': {
        const fn = functionNamed(node.name);
        if (fn?.kind === 'numeric') {
          const args = node.args.map((arg) => this.number(arg));
          return fn.build({ args, argNodes: node.args, position: this.position(node.start) });
        }
        return this.specialForm(node, (arg) => this.number(arg));
      }
      default:
        throw unreachable(node);
    }
  }

  boolean(node: ScriptNode): BooleanFn {
    this.expectType(node, 'boolean');
    switch (node.kind) {
      case 'boolean': {
        const value = node.value;
        return () => value;
      }
      case 'tag':
        return booleanTag(node.name);
      case 'unary': {
        const operand = this.boolean(node.operand);
        return (values) => !operand(values);
      }
      case 'binary':
        return this.booleanOperation(node);
      case 'conditional':
        return this.conditional(node.condition, node.whenTrue, node.whenFalse, (branch) => this.boolean(branch));
      case 'call':
        return this.specialForm(node, (arg) => this.boolean(arg));
      default:
        throw unreachable(node);
    }
  }

  private string(node: ScriptNode): StringFn {
    this.expectType(node, 'string');
    switch (node.kind) {
      case 'string': {
        const value = node.value;
        return () => value;
      }
      case 'tag':
        return stringTag(node.name);
      case 'conditional':
        return this.conditional(node.condition, node.whenTrue, node.whenFalse, (branch) => this.string(branch));
      case 'call':
        return this.specialForm(node, (arg) => this.string(arg));
      default:
        throw unreachable(node);
    }
  }

  /** For a context that accepts any type: only `==`/`!=` between two operands whose types are both unknown. */
  private scalar(node: ScriptNode): ScalarFn {
    const type = this.typeOf(node);
    if (type === 'number') return this.number(node);
    if (type === 'boolean') return this.boolean(node);
    if (type === 'string') return this.string(node);
    switch (node.kind) {
      case 'tag':
        return scalarTag(node.name);
      case 'conditional':
        return this.conditional(node.condition, node.whenTrue, node.whenFalse, (branch) => this.scalar(branch));
      case 'call':
        return this.specialForm(node, (arg) => this.scalar(arg));
      default:
        throw unreachable(node);
    }
  }

  private staticTypeOf(node: ScriptNode): StaticType {
    switch (node.kind) {
      case 'number':
      case 'boolean':
      case 'string':
        return node.kind;
      case 'tag':
        this.checkTagIsKnown(node.name, node.start);
        return 'dynamic';
      case 'unary':
        this.analyze(node.operand);
        return node.operator === 'negate' ? 'number' : 'boolean';
      case 'binary':
        this.analyze(node.left);
        this.analyze(node.right);
        return isArithmetic(node.operator) ? 'number' : 'boolean';
      case 'conditional':
        this.analyze(node.condition);
        return this.commonType([node.whenTrue, node.whenFalse], 'script.branchesDiffer');
      case 'call':
        return this.callType(node);
    }
  }

  private callType(node: CallNode): StaticType {
    const fn = functionNamed(node.name);
    if (!fn) throw new ScriptSyntaxError(scriptProblem('script.unknownFunction', { name: node.name }), node.start);
    const problem = arityProblem(node.name, fn, node.args.length);
    if (problem) throw new ScriptSyntaxError(problem, node.start);
    const [first, ...rest] = node.args;
    switch (fn.kind) {
      case 'numeric':
        for (const arg of node.args) this.analyze(arg);
        return 'number';
      case 'coalesce':
        return this.commonType(node.args, 'script.argumentsDiffer', node.name);
      case 'if':
        if (first) this.analyze(first);
        return this.commonType(rest, 'script.ifBranchesDiffer');
    }
  }

  /** The one type the nodes share ('dynamic' if none is known); a second known type is an error at that node. */
  private commonType(
    nodes: readonly ScriptNode[],
    problem: 'script.branchesDiffer' | 'script.ifBranchesDiffer' | 'script.argumentsDiffer',
    name?: string,
  ): StaticType {
    let common: StaticType = 'dynamic';
    for (const node of nodes) {
      const type = this.analyze(node);
      if (type === 'dynamic') continue;
      if (common !== 'dynamic' && type !== common) {
        throw new ScriptSyntaxError(
          scriptProblem(problem, { ...(name === undefined ? {} : { name }), first: typeProblem(common), second: typeProblem(type) }),
          anchorOf(node),
        );
      }
      common = type;
    }
    return common;
  }

  private checkTagIsKnown(name: string, offset: number): void {
    if (!this.knownTags || this.knownTags.has(name)) return;
    const lower = name.toLowerCase();
    const suggestion = [...this.knownTags].find((known) => known.toLowerCase() === lower);
    throw new ScriptSyntaxError(
      suggestion === undefined
        ? scriptProblem('script.unknownTag', { name })
        : scriptProblem('script.unknownTagDidYouMean', { name, suggestion }),
      offset,
    );
  }

  private typeOf(node: ScriptNode): StaticType {
    const type = this.types.get(node);
    if (type === undefined) throw new Error('Every node is analyzed before it is compiled');
    return type;
  }

  private expectType(node: ScriptNode, want: ValueType): void {
    const type = this.typeOf(node);
    if (type !== 'dynamic' && type !== want) {
      throw new ScriptSyntaxError(
        scriptProblem('script.expectedType', { want: typeProblem(want), found: typeProblem(type) }),
        anchorOf(node),
      );
    }
  }

  private arithmetic(node: BinaryNode): NumberFn {
    const left = this.number(node.left);
    const right = this.number(node.right);
    switch (node.operator) {
      case '+':
        return (values) => left(values) + right(values);
      case '-':
        return (values) => left(values) - right(values);
      case '*':
        return (values) => left(values) * right(values);
      case '/': {
        const byZero = this.divisionByZero(node);
        return (values) => {
          const dividend = left(values);
          const divisor = right(values);
          if (divisor === 0) throw byZero;
          return dividend / divisor;
        };
      }
      case '%': {
        const byZero = this.divisionByZero(node);
        return (values) => {
          const dividend = left(values);
          const divisor = right(values);
          if (divisor === 0) throw byZero;
          return dividend % divisor;
        };
      }
      default:
        throw unreachable(node);
    }
  }

  private booleanOperation(node: BinaryNode): BooleanFn {
    switch (node.operator) {
      case 'and': {
        const left = this.boolean(node.left);
        const right = this.boolean(node.right);
        return (values) => left(values) && right(values);
      }
      case 'or': {
        const left = this.boolean(node.left);
        const right = this.boolean(node.right);
        return (values) => left(values) || right(values);
      }
      case '==':
      case '!=':
        return this.equality(node, node.operator === '==');
      default:
        return this.relational(node);
    }
  }

  private relational(node: BinaryNode): BooleanFn {
    const left = this.number(node.left);
    const right = this.number(node.right);
    switch (node.operator) {
      case '<':
        return (values) => left(values) < right(values);
      case '<=':
        return (values) => left(values) <= right(values);
      case '>':
        return (values) => left(values) > right(values);
      case '>=':
        return (values) => left(values) >= right(values);
      default:
        throw unreachable(node);
    }
  }

  /**
   * `==`/`!=` compare values of one type. When either side's type is known the other is read as that type; only
   * when both are unknown (two tags) is the type compared at run time.
   */
  private equality(node: BinaryNode, equal: boolean): BooleanFn {
    const leftType = this.typeOf(node.left);
    const rightType = this.typeOf(node.right);
    if (leftType !== 'dynamic' && rightType !== 'dynamic' && leftType !== rightType) {
      throw new ScriptSyntaxError(
        scriptProblem('script.cannotCompare', { left: typeProblem(leftType), right: typeProblem(rightType) }),
        node.operatorOffset,
      );
    }
    switch (leftType === 'dynamic' ? rightType : leftType) {
      case 'number':
        return sameValue(this.number(node.left), this.number(node.right), equal);
      case 'boolean':
        return sameValue(this.boolean(node.left), this.boolean(node.right), equal);
      case 'string':
        return sameValue(this.string(node.left), this.string(node.right), equal);
      case 'dynamic':
        return sameTypedValue(this.scalar(node.left), this.scalar(node.right), equal, this.position(node.operatorOffset));
    }
  }

  private conditional<T extends Scalar>(
    condition: ScriptNode,
    whenTrue: ScriptNode,
    whenFalse: ScriptNode,
    compileBranch: (node: ScriptNode) => Compiled<T>,
  ): Compiled<T> {
    const test = this.boolean(condition);
    const onTrue = compileBranch(whenTrue);
    const onFalse = compileBranch(whenFalse);
    return (values) => (test(values) ? onTrue(values) : onFalse(values));
  }

  /** `coalesce`/`ifnull`/`if` compiled for the type their context needs. */
  private specialForm<T extends Scalar>(node: CallNode, compileArg: (node: ScriptNode) => Compiled<T>): Compiled<T> {
    const fn = functionNamed(node.name);
    const [first, second, third] = node.args;
    if (fn?.kind === 'if' && first && second && third) return this.conditional(first, second, third, compileArg);
    if (fn?.kind === 'coalesce') {
      const compiled = node.args.map(compileArg);
      const last = compiled.pop();
      if (last) return firstWithValue(compiled, last);
    }
    throw unreachable(node);
  }

  private divisionByZero(node: BinaryNode): EvaluationFault {
    return new EvaluationFault(`Division by zero at ${this.position(node.operatorOffset)}`, true);
  }

  private position(offset: number): string {
    return describePosition(this.source, offset);
  }
}

function isArithmetic(operator: string): boolean {
  return operator === '+' || operator === '-' || operator === '*' || operator === '/' || operator === '%';
}

function sameValue<T extends Scalar>(left: Compiled<T>, right: Compiled<T>, equal: boolean): BooleanFn {
  return equal ? (values) => left(values) === right(values) : (values) => left(values) !== right(values);
}

function sameTypedValue(left: ScalarFn, right: ScalarFn, equal: boolean, position: string): BooleanFn {
  return (values) => {
    const a = left(values);
    const b = right(values);
    if (typeof a !== typeof b) {
      const types = `${withArticle(typeOfScalar(a))} with ${withArticle(typeOfScalar(b))}`;
      throw new EvaluationFault(`Cannot compare ${types} at ${position}`, false);
    }
    return (a === b) === equal;
  };
}

/** A node that static typing rules out in this context: reaching it is a compiler bug, not a script error. */
function unreachable(node: ScriptNode): Error {
  return new Error(`Internal script compiler error: unexpected ${node.kind} node at offset ${node.start}`);
}
