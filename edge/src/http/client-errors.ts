import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './app';
import { AppError } from './errors';
import { languageOf } from './messages';

/** Headers the answer carries like every other one (security-headers.ts), though Express never sees the request. */
const SAFE_HEADERS = [
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'Referrer-Policy: same-origin',
  'X-Frame-Options: DENY',
];

/**
 * The answer to a request Node's HTTP parser refuses before Express sees it — a request line or headers over the
 * 16 KB limit (a huge query string), or broken HTTP — in the API's error shape, where Node would answer a bare status
 * line with no body. Null when the connection should just be closed (reset by the client, timed out).
 */
export function clientErrorResponse(code: string | undefined, acceptLanguage?: string): string | null {
  if (!code?.startsWith('HPE_')) return null;
  const tooLarge = code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const error = tooLarge ? new AppError('tooLarge', 'request.headersTooLarge') : new AppError('validation', 'request.malformed');
  const body = JSON.stringify(errorBody(error, languageOf(acceptLanguage)));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...SAFE_HEADERS,
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * The Accept-Language header of a request the parser refused, read from the bytes it was parsing (Node hands them over
 * as `rawPacket`): only the header lines before the blank line that ends them, and only whole lines, so a header cut
 * off by the size limit or in a later packet is not guessed at. Undefined when it is not there (the default language).
 */
export function acceptLanguageIn(rawPacket: Buffer | undefined): string | undefined {
  if (!rawPacket) return undefined;
  const text = rawPacket.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const lines = (end === -1 ? text : text.slice(0, end)).split('\r\n').slice(1, end === -1 ? -1 : undefined);
  for (const line of lines) {
    const header = /^accept-language[ \t]*:[ \t]*(.*)$/i.exec(line);
    if (header) return header[1]!.trim();
  }
  return undefined;
}

/** Answers the parser's refusals with clientErrorResponse, in the language the raw request asks for when it says. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    const response = socket.writable ? clientErrorResponse(error.code, acceptLanguageIn(error.rawPacket)) : null;
    if (response) socket.end(response);
    else socket.destroy();
  });
}
