import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotApiError, botUpdates, sendBotMessage } from '../../edge/src/modules/notifications/telegram-bot';
import { startBotStandIn, type BotStandIn } from '../support/telegram-bot-stand-in';

/**
 * The Bot API client against the local stand-in: directly (telegramApiBaseUrl) and through an HTTP proxy
 * (telegramBotUseProxy, host and port) — a small forward proxy started here that counts what passes through it.
 */

let bot: BotStandIn;
let proxy: Server;
let proxyPort = 0;
const proxied: string[] = [];

beforeAll(async () => {
  bot = await startBotStandIn();
  proxy = createServer((req, res) => {
    // A forward proxy gets the absolute URL of the target in the request line.
    proxied.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
});
afterAll(async () => {
  await bot.close();
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

describe('Telegram Bot API client', () => {
  it('sends a message to the configured base address, and through the configured HTTP proxy', async () => {
    await sendBotMessage({ token: bot.token, baseUrl: `${bot.url}/`, proxy: null }, '77', 'directo');
    await sendBotMessage({ token: bot.token, baseUrl: bot.url, proxy: { host: '127.0.0.1', port: proxyPort } }, '77', 'por el proxy');
    expect(bot.messages.map((message) => message.text)).toEqual(['directo', 'por el proxy']);
    expect(proxied).toEqual([`${bot.url}/bot${bot.token}/sendMessage`]);
  });

  it('long-polls updates from an offset', async () => {
    const connection = { token: bot.token, baseUrl: bot.url, proxy: null };
    const waiting = botUpdates(connection, 0, 5);
    bot.userSends(55, '/start abc');
    const updates = await waiting;
    expect(updates.map((update) => [update.update_id, update.message?.text, update.message?.chat?.id])).toEqual([[1, '/start abc', 55]]);
    expect(await botUpdates(connection, 2, 0)).toEqual([]);
  });

  it('a refusal is an error without the token: a wrong token or a bad chat is permanent, an unreachable API is not', async () => {
    const wrong = await sendBotMessage({ token: '999:wrong-secret', baseUrl: bot.url, proxy: null }, '1', 'x').catch(
      (error: unknown) => error,
    );
    expect(wrong).toBeInstanceOf(BotApiError);
    expect((wrong as BotApiError).permanent).toBe(true);
    expect((wrong as Error).message).not.toContain('wrong-secret');

    bot.failSends(1);
    const gateway = (await sendBotMessage({ token: bot.token, baseUrl: bot.url, proxy: null }, '1', 'x').catch(
      (error: unknown) => error,
    )) as BotApiError;
    expect(gateway.permanent).toBe(false);

    const closed = (await sendBotMessage({ token: bot.token, baseUrl: 'http://127.0.0.1:9', proxy: null }, '1', 'x', 2_000).catch(
      (error: unknown) => error,
    )) as BotApiError;
    expect(closed).toBeInstanceOf(BotApiError);
    expect(closed.permanent).toBe(false);
    expect(closed.message).not.toContain(bot.token);
  });
});
