/**
 * Pratt parser of the line-script language: tokens to a `ScriptNode` tree with source spans.
 *
 * Precedence, loosest first (binary operators are left-associative, `? :` is right-associative):
 *   1. `c ? a : b`
 *   2. `or`, `||`
 *   3. `and`, `&&`
 *   4. `==`, `!=`
 *   5. `<`, `<=`, `>`, `>=`
 *   6. `+`, `-`
 *   7. `*`, `/`, `%`
 *   8. prefix `-`, `!`, `not` (`not` binds as tightly as `!`: `not a == b` is `(not a) == b`, which the compiler
 *      rejects as a comparison of a boolean with something else; write `not (a == b)` or `a != b`)
 * Syntax only: function names, arity and types are the compiler's business.
 */
import { type BinaryOperator, type ScriptNode, tagNamesOf } from './ast';
import { type Token, tokenize } from './lexer';
import { type ScriptError, ScriptSyntaxError, toScriptError } from './script-error';
import { scriptProblem, type ScriptProblem } from './script-messages';

export type ParseResult = { ok: true; node: ScriptNode } | { ok: false; error: ScriptError };

interface InfixOperator {
  operator: BinaryOperator | 'conditional';
  /** How tightly the operator binds to its left operand. */
  precedence: number;
}

/**
 * Limits that keep every walk of a script's tree (compiler, evaluator, tag listing) far from the stack's end: a line
 * script is a formula of a few dozen tokens, so these refuse only hostile or generated input.
 * - nesting: parentheses, prefix operators, call arguments and conditionals inside one another;
 * - tokens: a long chain like `a + a + …` is parsed in a loop but gives a tree as deep as it is long.
 */
export const MAX_SCRIPT_NESTING = 100;
export const MAX_SCRIPT_TOKENS = 2_000;

const CONDITIONAL_PRECEDENCE = 1;
const PREFIX_PRECEDENCE = 8;

const INFIX_SYMBOLS: ReadonlyMap<string, InfixOperator> = new Map<string, InfixOperator>([
  ['?', { operator: 'conditional', precedence: CONDITIONAL_PRECEDENCE }],
  ['||', { operator: 'or', precedence: 2 }],
  ['&&', { operator: 'and', precedence: 3 }],
  ['==', { operator: '==', precedence: 4 }],
  ['!=', { operator: '!=', precedence: 4 }],
  ['<', { operator: '<', precedence: 5 }],
  ['<=', { operator: '<=', precedence: 5 }],
  ['>', { operator: '>', precedence: 5 }],
  ['>=', { operator: '>=', precedence: 5 }],
  ['+', { operator: '+', precedence: 6 }],
  ['-', { operator: '-', precedence: 6 }],
  ['*', { operator: '*', precedence: 7 }],
  ['/', { operator: '/', precedence: 7 }],
  ['%', { operator: '%', precedence: 7 }],
]);

const INFIX_KEYWORDS: ReadonlyMap<string, InfixOperator> = new Map<string, InfixOperator>([
  ['or', { operator: 'or', precedence: 2 }],
  ['and', { operator: 'and', precedence: 3 }],
]);

/** Parses a whole script; comments and white space around the expression are allowed, anything else is not. */
export function parseScript(source: string): ParseResult {
  try {
    return { ok: true, node: parseOrThrow(source) };
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return { ok: false, error: toScriptError(source, error.problem, error.offset) };
    throw error;
  }
}

/**
 * Tag names a script refers to, distinct, in order of first appearance; undefined when the script does not parse.
 * Used to recompute the tag-list marker of a stored script.
 */
export function listScriptTags(source: string): readonly string[] | undefined {
  const parsed = parseScript(source);
  return parsed.ok ? tagNamesOf(parsed.node) : undefined;
}

/** Same as `parseScript` but throws `ScriptSyntaxError`; for the compiler, which reports all its errors that way. */
export function parseOrThrow(source: string): ScriptNode {
  const tokens = tokenize(source);
  // The end token is not one the user wrote.
  if (tokens.length - 1 > MAX_SCRIPT_TOKENS)
    throw new ScriptSyntaxError(scriptProblem('script.tooLong', { max: MAX_SCRIPT_TOKENS }), tokens[MAX_SCRIPT_TOKENS]!.offset);
  const parser = new Parser(source, tokens);
  return parser.parseScript();
}

class Parser {
  private index = 0;
  private nesting = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  parseScript(): ScriptNode {
    if (this.peek().kind === 'end') throw new ScriptSyntaxError(scriptProblem('script.empty'), this.peek().offset);
    const node = this.parseExpression(0);
    const next = this.peek();
    if (next.kind === 'end') return node;
    if (next.kind === 'symbol' && next.value === ')') throw new ScriptSyntaxError(scriptProblem('script.unmatchedParen'), next.offset);
    throw new ScriptSyntaxError(scriptProblem('script.expectedOperator', { found: this.describe(next) }), next.offset);
  }

  /** Parses operators binding more tightly than `minPrecedence` (precedence climbing). */
  private parseExpression(minPrecedence: number): ScriptNode {
    this.nesting += 1;
    try {
      return this.parseOperators(minPrecedence);
    } finally {
      this.nesting -= 1;
    }
  }

  private parseOperators(minPrecedence: number): ScriptNode {
    if (this.nesting > MAX_SCRIPT_NESTING)
      throw new ScriptSyntaxError(scriptProblem('script.tooDeep', { max: MAX_SCRIPT_NESTING }), this.peek().offset);
    let left = this.parsePrefix();
    for (;;) {
      const operatorToken = this.peek();
      const infix = infixOperatorOf(operatorToken);
      if (!infix || infix.precedence <= minPrecedence) return left;
      this.advance();
      if (infix.operator === 'conditional') {
        left = this.parseConditionalRest(left, operatorToken);
      } else {
        const right = this.parseExpression(infix.precedence);
        left = {
          kind: 'binary',
          operator: infix.operator,
          left,
          right,
          operatorOffset: operatorToken.offset,
          start: left.start,
          end: right.end,
        };
      }
    }
  }

  private parseConditionalRest(condition: ScriptNode, questionMark: Token): ScriptNode {
    const whenTrue = this.parseExpression(0);
    const colon = this.peek();
    if (colon.kind === 'end') throw new ScriptSyntaxError(scriptProblem('script.missingColon'), questionMark.offset);
    if (colon.kind !== 'symbol' || colon.value !== ':') {
      throw new ScriptSyntaxError(scriptProblem('script.expectedColon', { found: this.describe(colon) }), colon.offset);
    }
    this.advance();
    // Right-associative: the else branch may itself be a conditional.
    const whenFalse = this.parseExpression(CONDITIONAL_PRECEDENCE - 1);
    return {
      kind: 'conditional',
      condition,
      whenTrue,
      whenFalse,
      operatorOffset: questionMark.offset,
      start: condition.start,
      end: whenFalse.end,
    };
  }

  private parsePrefix(): ScriptNode {
    const token = this.advance();
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value, start: token.offset, end: token.end };
      case 'string':
        return { kind: 'string', value: token.value, start: token.offset, end: token.end };
      case 'bracketed-name':
        return { kind: 'tag', name: token.value, start: token.offset, end: token.end };
      case 'name':
        return this.isSymbol(this.peek(), '(') ? this.parseCall(token.value, token) : tagNode(token.value, token);
      case 'keyword':
        if (token.value === 'true' || token.value === 'false') {
          return { kind: 'boolean', value: token.value === 'true', start: token.offset, end: token.end };
        }
        if (token.value === 'not') return this.parseUnary('not', token);
        throw new ScriptSyntaxError(scriptProblem('script.expectedValue', { found: this.describe(token) }), token.offset);
      case 'symbol':
        if (token.value === '(') return this.parseGroup(token);
        if (token.value === '-') return this.parseUnary('negate', token);
        if (token.value === '!') return this.parseUnary('not', token);
        throw new ScriptSyntaxError(scriptProblem('script.expectedValue', { found: this.describe(token) }), token.offset);
      case 'end':
        throw this.missingValueError(token);
    }
  }

  private parseUnary(operator: 'negate' | 'not', operatorToken: Token): ScriptNode {
    const operand = this.parseExpression(PREFIX_PRECEDENCE);
    return { kind: 'unary', operator, operand, start: operatorToken.offset, end: operand.end };
  }

  private parseGroup(open: Token): ScriptNode {
    const inner = this.parseExpression(0);
    this.expectClosingParen(open, 'script.expectedCloseParen');
    return inner;
  }

  private parseCall(name: string, nameToken: Token): ScriptNode {
    const open = this.advance();
    const args: ScriptNode[] = [];
    if (!this.isSymbol(this.peek(), ')')) {
      for (;;) {
        args.push(this.parseExpression(0));
        if (!this.isSymbol(this.peek(), ',')) break;
        this.advance();
      }
    }
    const close = this.expectClosingParen(open, 'script.expectedCommaOrCloseParen');
    return { kind: 'call', name, args, start: nameToken.offset, end: close.end };
  }

  private expectClosingParen(open: Token, expectation: 'script.expectedCloseParen' | 'script.expectedCommaOrCloseParen'): Token {
    const token = this.peek();
    if (this.isSymbol(token, ')')) return this.advance();
    if (token.kind === 'end') throw new ScriptSyntaxError(scriptProblem('script.unclosedParen'), open.offset);
    throw new ScriptSyntaxError(scriptProblem(expectation, { found: this.describe(token) }), token.offset);
  }

  /** At the end of the script where a value was due: point at the operator left dangling, if there is one. */
  private missingValueError(end: Token): ScriptSyntaxError {
    const previous = this.tokens[this.index - 2];
    if (!previous) return new ScriptSyntaxError(scriptProblem('script.empty'), end.offset);
    if (this.isSymbol(previous, '(')) return new ScriptSyntaxError(scriptProblem('script.unclosedParen'), previous.offset);
    return new ScriptSyntaxError(scriptProblem('script.missingValueAfter', { after: this.describe(previous) }), previous.offset);
  }

  private peek(): Token {
    return this.tokens[this.index] ?? this.lastToken();
  }

  /** Returns the current token and moves past it; never moves past the `end` token. */
  private advance(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length) this.index += 1;
    return token;
  }

  private lastToken(): Token {
    const last = this.tokens[this.tokens.length - 1];
    if (!last) throw new Error('tokenize always ends the token list with an end token');
    return last;
  }

  private isSymbol(token: Token, symbol: string): boolean {
    return token.kind === 'symbol' && token.value === symbol;
  }

  /** How a token is named in a message: its source text, shortened, or "end of script". */
  private describe(token: Token): ScriptProblem {
    if (token.kind === 'end') return scriptProblem('script.token.end');
    const text = this.source.slice(token.offset, token.end);
    return scriptProblem('script.token.text', { text: text.length > 30 ? `${text.slice(0, 27)}...` : text });
  }
}

function tagNode(name: string, token: Token): ScriptNode {
  return { kind: 'tag', name, start: token.offset, end: token.end };
}

function infixOperatorOf(token: Token): InfixOperator | undefined {
  if (token.kind === 'symbol') return INFIX_SYMBOLS.get(token.value);
  if (token.kind === 'keyword') return INFIX_KEYWORDS.get(token.value);
  return undefined;
}
