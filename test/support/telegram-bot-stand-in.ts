import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API for tests and benchmarks (issue 17): a small node:http server on 127.0.0.1
 * that answers `sendMessage` (recording each message with the moment it arrived) and `getUpdates` (long polling with
 * offset, as the real API: it holds the call until an update is queued or the wait ends). Only the bot with `token`
 * exists; any other token gets the API's 401. `failSends` makes the next sendMessage calls answer 502;
 * `answerUpdatesAtOnce` makes getUpdates ignore its wait.
 */

export interface ReceivedMessage {
  chatID: string;
  text: string;
  receivedAt: number;
}

export interface BotStandIn {
  /** The base address to give the edge (telegramApiBaseUrl). */
  url: string;
  token: string;
  messages: ReceivedMessage[];
  /** Queues a message from a user, as Telegram would deliver it to getUpdates. */
  userSends(chatID: number, text: string, languageCode?: string): void;
  /** The next `count` sendMessage calls fail with 502 (the API unreachable behind a proxy). */
  failSends(count: number): void;
  /** The next `count` messages are taken, then the connection is dropped without an answer (the client cannot know). */
  dropSends(count: number): void;
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  getUpdatesCalls(): number;
  /** true: getUpdates answers at once, ignoring its `timeout` (as a misbehaving proxy would). */
  answerUpdatesAtOnce(atOnce: boolean): void;
  close(): Promise<void>;
}

interface Update {
  update_id: number;
  message: {
    message_id: number;
    text: string;
    chat: { id: number; type: 'private' };
    from: { id: number; is_bot: false; first_name: string; language_code?: string };
    date: number;
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startBotStandIn(token = '123456:TEST-bot-token-secret'): Promise<BotStandIn> {
  const messages: ReceivedMessage[] = [];
  const updates: Update[] = [];
  const waiting = new Set<() => void>();
  const messageWaiters = new Set<() => void>();
  let nextUpdateID = 1;
  let failing = 0;
  let dropping = 0;
  let polls = 0;
  let atOnce = false;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const params = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      if (!match || decodeURIComponent(match[1]!) !== token)
        return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2];
      if (method === 'sendMessage') {
        if (failing > 0) {
          failing--;
          return answer(res, 502, { ok: false, error_code: 502, description: 'Bad Gateway' });
        }
        if (typeof params.text !== 'string' || params.chat_id === undefined)
          return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        messages.push({ chatID: String(params.chat_id), text: params.text, receivedAt: Date.now() });
        for (const wake of messageWaiters) wake();
        if (dropping > 0) {
          dropping--;
          req.socket.destroy();
          return;
        }
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: messages.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(params.chat_id), type: 'private' },
            text: params.text,
          },
        });
      }
      if (method === 'getUpdates') {
        polls++;
        const offset = Number(params.offset ?? 0);
        const waitMs = Math.min(Number(params.timeout ?? 0), 30) * 1000;
        const ready = () => updates.filter((update) => update.update_id >= offset);
        if (ready().length === 0 && waitMs > 0 && !atOnce) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              waiting.delete(wake);
              resolve();
            };
            const timer = setTimeout(wake, waitMs);
            waiting.add(wake);
            req.once('close', wake);
          });
        }
        if (res.destroyed) return;
        return answer(res, 200, { ok: true, result: ready() });
      }
      return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    })().catch((error: Error) => answer(res, 500, { ok: false, error_code: 500, description: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    messages,
    userSends(chatID, text, languageCode) {
      updates.push({
        update_id: nextUpdateID++,
        message: {
          message_id: nextUpdateID,
          text,
          chat: { id: chatID, type: 'private' },
          from: { id: chatID, is_bot: false, first_name: 'Test', language_code: languageCode },
          date: Math.floor(Date.now() / 1000),
        },
      });
      for (const wake of [...waiting]) wake();
    },
    failSends(count) {
      failing = count;
    },
    dropSends(count) {
      dropping = count;
    },
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return false;
          clearTimeout(timer);
          messageWaiters.delete(check);
          resolve([...messages]);
          return true;
        };
        const timer = setTimeout(() => {
          messageWaiters.delete(check);
          reject(new Error(`the bot stand-in got ${messages.length} messages, not ${count}, within ${timeoutMs} ms`));
        }, timeoutMs);
        messageWaiters.add(check);
        check();
      });
    },
    getUpdatesCalls: () => polls,
    answerUpdatesAtOnce(value) {
      atOnce = value;
      if (atOnce) for (const wake of [...waiting]) wake();
    },
    async close() {
      for (const wake of [...waiting]) wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
