/**
 * Syntax tree of a line script. Every node keeps its source span so the compiler can point at the exact place of a
 * type error, an unknown tag or an unknown function.
 */

interface Span {
  /** 0-based offset of the node's first character. */
  start: number;
  /** Offset just past the node's last character. */
  end: number;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
export type RelationalOperator = '<' | '<=' | '>' | '>=';
export type EqualityOperator = '==' | '!=';
export type LogicalOperator = 'and' | 'or';
export type BinaryOperator = ArithmeticOperator | RelationalOperator | EqualityOperator | LogicalOperator;

export type ScriptNode =
  | (Span & { kind: 'number'; value: number })
  | (Span & { kind: 'boolean'; value: boolean })
  | (Span & { kind: 'string'; value: string })
  | (Span & { kind: 'tag'; name: string })
  /** `-x`, `!x`, `not x`; `start` is the operator. */
  | (Span & { kind: 'unary'; operator: 'negate' | 'not'; operand: ScriptNode })
  | (Span & {
      kind: 'binary';
      operator: BinaryOperator;
      left: ScriptNode;
      right: ScriptNode;
      /** Where the operator is written: type errors of the result point here. */
      operatorOffset: number;
    })
  /** `condition ? whenTrue : whenFalse`; `if(…)` is a call and becomes a conditional only when compiled. */
  | (Span & {
      kind: 'conditional';
      condition: ScriptNode;
      whenTrue: ScriptNode;
      whenFalse: ScriptNode;
      operatorOffset: number;
    })
  | (Span & {
      kind: 'call';
      /** As written; functions are looked up case-insensitively. */
      name: string;
      args: readonly ScriptNode[];
    });

/** The offset an error about this node's value should point at: the operator of an operation, else its start. */
export function anchorOf(node: ScriptNode): number {
  return node.kind === 'binary' || node.kind === 'conditional' ? node.operatorOffset : node.start;
}

/** Distinct tag names in order of first appearance. */
export function tagNamesOf(root: ScriptNode): string[] {
  const names = new Set<string>();
  visitTags(root, (node) => names.add(node.name));
  return [...names];
}

/** Calls `onTag` for every tag reference, left to right as written. */
function visitTags(node: ScriptNode, onTag: (node: ScriptNode & { kind: 'tag' }) => void): void {
  switch (node.kind) {
    case 'tag':
      onTag(node);
      return;
    case 'unary':
      visitTags(node.operand, onTag);
      return;
    case 'binary':
      visitTags(node.left, onTag);
      visitTags(node.right, onTag);
      return;
    case 'conditional':
      visitTags(node.condition, onTag);
      visitTags(node.whenTrue, onTag);
      visitTags(node.whenFalse, onTag);
      return;
    case 'call':
      for (const arg of node.args) visitTags(arg, onTag);
      return;
    default:
      return;
  }
}
