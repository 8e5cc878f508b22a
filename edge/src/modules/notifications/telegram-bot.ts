import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * The Telegram Bot API over plain HTTPS (https://core.telegram.org/bots/api): `sendMessage` and long-polled
 * `getUpdates`, nothing else, so no client library is needed. The base address is a parameter (a plant's reverse
 * proxy, the tests' stand-in); with telegramBotUseProxy the calls go through an HTTP proxy (CONNECT for https) by
 * Node's own proxy support. Every call has a timeout. The token is part of the URL: it never appears in an error.
 */

export const DEFAULT_BOT_API_BASE = 'https://api.telegram.org';

export interface BotConnection {
  token: string;
  /** e.g. https://api.telegram.org (no trailing slash needed). */
  baseUrl: string;
  proxy: { host: string; port: number } | null;
}

/**
 * A failed Bot API call: `permanent` when retrying cannot help (a chat that blocked the bot, a bad request);
 * `maybeDelivered` when the call got no answer after it may have reached the API (a timeout, a connection lost
 * midway): the message may have been sent, so sending it again could repeat it.
 */
export class BotApiError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly retryAfterMs?: number,
    readonly maybeDelivered = false,
  ) {
    super(message);
  }
}

/** Errors that mean the request never reached the server (nothing was handed over). */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ERR_INVALID_URL',
]);

/**
 * How long a sendMessage may take before the edge stops waiting: a minute, far beyond the Bot API's own handling
 * (a message it takes is answered in well under a second), so a slow answer is waited for rather than taken as a
 * failure and sent again (issue 26: a duplicate after the 10-s timeout).
 */
export const BOT_SEND_TIMEOUT_MS = 60_000;

/** The token (and its URL-encoded form) replaced by '***' wherever it might appear. */
export function withoutToken(text: string, token: string): string {
  if (!token) return text;
  return text.split(token).join('***').split(encodeURIComponent(token)).join('***');
}

const agents = new Map<string, HttpAgent>();
function agentFor(url: URL, proxy: BotConnection['proxy']): HttpAgent | undefined {
  if (!proxy) return undefined;
  const proxyUrl = `http://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`;
  const key = `${url.protocol}${proxyUrl}`;
  let agent = agents.get(key);
  if (!agent) {
    // Node 24's built-in proxy support: absolute-form requests for http, a CONNECT tunnel for https.
    const proxyEnv = { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl };
    agent = url.protocol === 'https:' ? new HttpsAgent({ proxyEnv, keepAlive: true }) : new HttpAgent({ proxyEnv, keepAlive: true });
    agents.set(key, agent);
  }
  return agent;
}

function postJson(
  url: URL,
  payload: unknown,
  proxy: BotConnection['proxy'],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(payload);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: agentFor(url, proxy),
        timeout: timeoutMs,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

/** One Bot API method call; answers its `result`, throws BotApiError (without the token) otherwise. */
export async function callBot<T>(
  bot: BotConnection,
  method: string,
  params: Record<string, unknown>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<T> {
  const base = bot.baseUrl.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/bot${bot.token}/${method}`);
  } catch {
    throw new BotApiError('the Bot API base address is not a valid URL', true);
  }
  let answer: { status: number; text: string };
  try {
    answer = await postJson(url, params, bot.proxy, options.timeoutMs, options.signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const notConnected = code !== undefined && NOT_CONNECTED.has(code);
    throw new BotApiError(withoutToken(`Bot API ${method}: ${(error as Error).message}`, bot.token), false, undefined, !notConnected);
  }
  let parsed: BotAnswer<T> | null = null;
  try {
    parsed = JSON.parse(answer.text) as BotAnswer<T>;
  } catch {
    // not the Bot API's JSON (a proxy's error page): handled below by status
  }
  if (answer.status === 200 && parsed?.ok) return parsed.result as T;
  const description = withoutToken(parsed?.description ?? `HTTP ${answer.status}`, bot.token);
  const retryAfter = parsed?.parameters?.retry_after;
  // 400 (chat not found, bad request), 401 (bad token), 403 (bot blocked), 404 (no such bot): retrying cannot help.
  const permanent = [400, 401, 403, 404].includes(answer.status);
  throw new BotApiError(`Bot API ${method}: ${description}`, permanent, retryAfter ? retryAfter * 1000 : undefined);
}

export function sendBotMessage(bot: BotConnection, chatID: string, text: string, timeoutMs = BOT_SEND_TIMEOUT_MS): Promise<unknown> {
  return callBot(bot, 'sendMessage', { chat_id: chatID, text, link_preview_options: { is_disabled: true } }, { timeoutMs });
}

export interface BotUpdate {
  update_id: number;
  message?: { text?: string; chat?: { id: number | string }; from?: { language_code?: string } };
}

/** Long polling: waits up to `waitSeconds` on the server for updates after `offset`. */
export function botUpdates(bot: BotConnection, offset: number, waitSeconds: number, signal?: AbortSignal): Promise<BotUpdate[]> {
  return callBot<BotUpdate[]>(
    bot,
    'getUpdates',
    { offset, timeout: waitSeconds, allowed_updates: ['message'] },
    { timeoutMs: (waitSeconds + 10) * 1000, signal },
  );
}
