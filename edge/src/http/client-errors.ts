import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './app';
import { AppError } from './errors';
import { languageOf } from './messages';

/** Headers the answer carries like every other one (security-headers.ts), though Express never sees the request. */
const SAFE_HEADERS = ["Content-Security-Policy: default-src 'none'; frame-ancestors 'none'", 'X-Content-Type-Options: nosniff', 'Referrer-Policy: same-origin', 'X-Frame-Options: DENY'];

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
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, ...SAFE_HEADERS, 'Connection: close'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Answers the parser's refusals with clientErrorResponse (the headers were not read: the default language). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const response = socket.writable ? clientErrorResponse(error.code) : null;
    if (response) socket.end(response);
    else socket.destroy();
  });
}
