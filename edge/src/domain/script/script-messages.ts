/**
 * What the script checker says, as a message key and its parameters, with its Spanish and English texts. The texts
 * are part of the server's message catalogue (`http/messages.ts` spreads them in), which translates a refused script
 * into the request's language; here they also give `ScriptError.message`, the English text that logs and the
 * diagnostics show. Placeholders are {name}; a parameter may itself be a message (a type, a token, the problem of a
 * located error), translated in the same language.
 */
export const SCRIPT_MESSAGES = {
  'script.at': { es: '{problem} en la línea {line}, columna {column}', en: '{problem} at line {line}, column {column}' },
  // Parameters: the types and the tokens a message names.
  'script.type.number': { es: 'un número', en: 'a number' },
  'script.type.boolean': { es: 'un booleano', en: 'a boolean' },
  'script.type.string': { es: 'un texto', en: 'a string' },
  'script.token.end': { es: 'el fin del script', en: 'end of script' },
  'script.token.text': { es: "'{text}'", en: "'{text}'" },
  // The lexer.
  'script.unterminatedComment': {
    es: "Comentario sin cerrar: falta el '*/' de '/*'",
    en: "Unterminated comment: '/*' has no matching '*/'",
  },
  'script.unexpectedEquals': { es: "'=' inesperado; use '==' para comparar", en: "Unexpected '='; use '==' to compare" },
  'script.unexpectedAmpersand': { es: "'&' inesperado; use '&&' o 'and'", en: "Unexpected '&'; use '&&' or 'and'" },
  'script.unexpectedBar': { es: "'|' inesperado; use '||' u 'or'", en: "Unexpected '|'; use '||' or 'or'" },
  'script.unexpectedDot': {
    es: "'.' inesperado; un nombre de tag no puede empezar ni terminar con un punto",
    en: "Unexpected '.'; a tag name cannot start or end with a dot",
  },
  'script.unexpectedCharacter': { es: "Carácter inesperado '{character}'", en: "Unexpected character '{character}'" },
  'script.invalidNumberDot': { es: "Número no válido '{text}.'", en: "Invalid number '{text}.'" },
  'script.invalidNumberName': {
    es: 'Número no válido; escriba entre corchetes un nombre de tag que empieza con un dígito, p. ej. [2Line.Count]',
    en: 'Invalid number; write a tag name that starts with a digit in brackets, e.g. [2Line.Count]',
  },
  'script.numberTooLarge': { es: 'El número {text} es demasiado grande', en: 'Number {text} is too large' },
  'script.invalidEscape': {
    es: 'Escape no válido en el texto; use \\\\, \\", \\\', \\n o \\t',
    en: 'Invalid escape in string; use \\\\, \\", \\\', \\n or \\t',
  },
  'script.unterminatedString': { es: 'Texto sin cerrar: falta el {quote} final', en: 'Unterminated string: missing closing {quote}' },
  'script.emptyTagName': { es: 'Nombre de tag vacío entre corchetes', en: 'Empty tag name in brackets' },
  'script.unterminatedTagName': { es: "Nombre de tag sin cerrar: falta el ']' final", en: "Unterminated tag name: missing closing ']'" },
  // The parser.
  'script.tooLong': { es: 'Script demasiado largo: más de {max} elementos', en: 'Script too long: more than {max} tokens' },
  'script.empty': { es: 'Script vacío', en: 'Empty script' },
  'script.unmatchedParen': { es: "')' sin su '('", en: "Unmatched ')'" },
  'script.expectedOperator': { es: 'Se esperaba un operador y se encontró {found}', en: 'Unexpected {found}; expected an operator' },
  'script.tooDeep': { es: 'Anidado demasiado profundo: más de {max} niveles', en: 'Nested too deeply: more than {max} levels' },
  'script.missingColon': { es: "Falta el ':' del '?'", en: "Missing ':' for '?'" },
  'script.expectedColon': { es: "Se esperaba ':' y se encontró {found}", en: "Expected ':', found {found}" },
  'script.expectedValue': { es: 'Se esperaba un valor y se encontró {found}', en: 'Expected a value, found {found}' },
  'script.unclosedParen': { es: "'(' sin cerrar", en: "Unclosed '('" },
  'script.expectedCloseParen': { es: "Se esperaba ')' y se encontró {found}", en: "Expected ')', found {found}" },
  'script.expectedCommaOrCloseParen': { es: "Se esperaba ',' o ')' y se encontró {found}", en: "Expected ',' or ')', found {found}" },
  'script.missingValueAfter': { es: 'Falta un valor después de {after}', en: 'Missing value after {after}' },
  // The compiler.
  'script.wrongResultType': { es: 'El script debe dar {want}, no {found}', en: 'The script must produce {want}, not {found}' },
  'script.unknownFunction': { es: "Función desconocida '{name}'", en: "Unknown function '{name}'" },
  'script.arityExactlyOne': { es: '{name} espera 1 argumento y recibió {got}', en: '{name} expects 1 argument, got {got}' },
  'script.arityExactly': { es: '{name} espera {n} argumentos y recibió {got}', en: '{name} expects {n} arguments, got {got}' },
  'script.arityAtLeastOne': {
    es: '{name} espera al menos 1 argumento y recibió {got}',
    en: '{name} expects at least 1 argument, got {got}',
  },
  'script.arityAtLeast': {
    es: '{name} espera al menos {n} argumentos y recibió {got}',
    en: '{name} expects at least {n} arguments, got {got}',
  },
  'script.arityBetween': {
    es: '{name} espera {min} o {max} argumentos y recibió {got}',
    en: '{name} expects {min} or {max} arguments, got {got}',
  },
  'script.branchesDiffer': {
    es: 'Las dos ramas deben tener el mismo tipo; se encontró {first} y {second}',
    en: 'Both branches must have the same type, found {first} and {second}',
  },
  'script.ifBranchesDiffer': {
    es: 'Las dos ramas de if deben tener el mismo tipo; se encontró {first} y {second}',
    en: 'Both branches of if must have the same type, found {first} and {second}',
  },
  'script.argumentsDiffer': {
    es: 'Todos los argumentos de {name} deben tener el mismo tipo; se encontró {first} y {second}',
    en: 'All arguments of {name} must have the same type, found {first} and {second}',
  },
  'script.unknownTag': { es: "Tag desconocido '{name}'", en: "Unknown tag '{name}'" },
  'script.unknownTagDidYouMean': {
    es: "Tag desconocido '{name}' (¿quiso decir '{suggestion}'?)",
    en: "Unknown tag '{name}' (did you mean '{suggestion}'?)",
  },
  'script.expectedType': { es: 'Se esperaba {want} y se encontró {found}', en: 'Expected {want}, found {found}' },
  'script.cannotCompare': { es: 'No se puede comparar {left} con {right}', en: 'Cannot compare {left} with {right}' },
  'script.roundDigits': {
    es: 'Los dígitos de round deben ser un entero de -{max} a {max}, escrito como literal',
    en: 'round digits must be a whole number from -{max} to {max}, written as a literal',
  },
} as const satisfies Record<`script.${string}`, { es: string; en: string }>;

export type ScriptMessageKey = keyof typeof SCRIPT_MESSAGES;

/** A message of the script checker: its key and its parameters, which may be messages themselves. */
export interface ScriptProblem {
  key: ScriptMessageKey;
  params?: Readonly<Record<string, string | number | ScriptProblem>>;
}

export const scriptProblem = (key: ScriptMessageKey, params?: ScriptProblem['params']): ScriptProblem =>
  params ? { key, params } : { key };

/** The text of a problem in a language (its parameters translated too). */
export function scriptProblemText(problem: ScriptProblem, language: 'es' | 'en'): string {
  const params = problem.params ?? {};
  return SCRIPT_MESSAGES[problem.key][language].replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'object' ? scriptProblemText(value, language) : String(value);
  });
}
