/**
 * Compile-time errors of the line-script language, located in the source.
 *
 * Positions are UTF-16 offsets (what a browser text area and `String.prototype.slice` use). Lines and columns are
 * 1-based; `\n`, `\r\n` and a lone `\r` each end a line.
 */

import { scriptProblem, scriptProblemText, type ScriptProblem } from './script-messages';

/**
 * A problem found while compiling a script. `problem` is the message key and parameters, located ('… at line L,
 * column C'), for a reply in the user's language; `message` its English text, for logs and diagnostics.
 */
export interface ScriptError {
  message: string;
  problem: ScriptProblem;
  /** 0-based UTF-16 offset into the source. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/**
 * Thrown by the lexer, the parser and the compiler to stop at the first problem; `compileScript` and `parseScript`
 * catch it and return a `ScriptError`, so it never leaves this folder.
 */
export class ScriptSyntaxError extends Error {
  constructor(
    readonly problem: ScriptProblem,
    readonly offset: number,
  ) {
    super(scriptProblemText(problem, 'en'));
    this.name = 'ScriptSyntaxError';
  }
}

/** Line and column (1-based) of a 0-based offset. */
export function positionAt(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const limit = Math.min(Math.max(offset, 0), source.length);
  for (let index = 0; index < limit; index += 1) {
    const code = source.charCodeAt(index);
    if (code === 10 /* \n */ || (code === 13 /* \r */ && source.charCodeAt(index + 1) !== 10)) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: limit - lineStart + 1 };
}

/** "line 2, column 7": the suffix every located message ends with. */
export function describePosition(source: string, offset: number): string {
  const { line, column } = positionAt(source, offset);
  return `line ${line}, column ${column}`;
}

export function toScriptError(source: string, problem: ScriptProblem, offset: number): ScriptError {
  const { line, column } = positionAt(source, offset);
  const located = scriptProblem('script.at', { problem, line, column });
  return { message: scriptProblemText(located, 'en'), problem: located, offset, line, column };
}
