import type { Server } from 'node:http';
import { answerClientErrors } from './client-errors';

/**
 * How long an idle keep-alive connection stays open: longer than the idle limits of browsers and HTTP clients, so that
 * the client, not the server, closes an idle connection. With Node's default of 5 s, a client that reused a connection
 * just as the server dropped it had its request reset (ECONNRESET) with nothing answered; a busy client whose own
 * idle timer ran late (a line terminal under load, a test worker on a loaded CI machine) met that now and then.
 */
export const IDLE_CONNECTION_MS = 65_000;

/** The edge's and the portal's HTTP servers: idle connections kept IDLE_CONNECTION_MS, parser refusals answered. */
export function holdConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node closes a connection whose next request's headers take longer than this: kept above the idle time.
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  answerClientErrors(server);
}
