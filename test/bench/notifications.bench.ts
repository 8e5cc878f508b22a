// How soon the people who must hear about a long stop do (issue 17): a real edge with 50 lines, one notification
// group watching them all (every day, all day; stops after 1 minute, on Telegram) with three members registered with
// the bot, and the local Bot API stand-in (test/support) as Telegram. Each line's stop crosses its threshold at its
// own moment, spread over SPREAD_MS; the figure is the time from that moment to the stand-in receiving each message,
// with the job as it runs in production (a pass every 5 s, no runNow). `npm run bench notifications`.
// Target: p99 under 10 s; the line ends in OK or OVER, and the process fails when over.
import { applyLineEvents } from '../../edge/src/modules/engine';
import { startBotStandIn } from '../support/telegram-bot-stand-in';
import { startTestEdge } from '../support/test-edge';

const LINES = 50;
const MEMBERS = 3;
const SPREAD_MS = 40_000;
const THRESHOLD_MINUTES = 1;
const TARGET_P99_MS = 10_000;
const TZ = 'America/Argentina/Buenos_Aires';

/** A small deterministic generator (mulberry32), so every run spreads the crossings the same way. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const bot = await startBotStandIn();
const t = await startTestEdge({ timeZone: TZ, syncQueue: false });
try {
  const db = t.edge.plant.db!;
  const admin = (method: string, path: string, json: unknown) =>
    t.call(method, path, { token: t.adminToken, json }).then((answer) => {
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.text}`);
      return answer.body;
    });
  await admin('PUT', '/api/parameters', {
    telegramEnabled: true,
    telegramBotName: 'OeeBench',
    telegramBotToken: bot.token,
    telegramApiBaseUrl: bot.url,
    telegramNotificationInterval: 60,
  });
  const building = await admin('POST', '/api/buildings', { values: { buildingName: 'Planta' } });
  const sectors = [];
  for (let s = 0; s < 5; s++)
    sectors.push(await admin('POST', '/api/sectors', { values: { sectorName: `Sector ${s + 1}`, buildingId: building.buildingId } }));
  for (let lineID = 1; lineID <= LINES; lineID++) {
    await admin('POST', '/api/Resources/PostResources', {
      values: { lineID, sectorID: sectors[lineID % 5].sectorID, description: `Línea ${lineID}` },
    });
  }
  const group = await admin('POST', '/api/notifications/groups', { values: { name: 'Guardia' } });
  const week = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
  await admin('POST', '/api/notifications/schedules', {
    values: { groupID: group.groupID, startTime: '00:00', endTime: '00:00', ...week },
  });
  await admin('POST', '/api/notifications/targets', {
    values: { groupID: group.groupID, type: 0, channel: 1, notifyAfterMinutes: THRESHOLD_MINUTES },
  });
  await admin('POST', '/api/notifications/watchers', { values: { groupID: group.groupID, buildingId: building.buildingId } });
  for (let member = 1; member <= MEMBERS; member++) {
    const userID = `guardia${member}`;
    await db
      .insertInto('users')
      .values({
        userID,
        firstName: 'Guardia',
        lastName: String(member),
        email: null,
        groupID: group.groupID,
        passwordHash: 'not-used',
        roleID: 3,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    await db
      .insertInto('telegram_users')
      .values({ userID, registeredAt: Date.now(), chatID: String(9000 + member) })
      .execute();
  }

  // Each line's stop is opened THRESHOLD - 1 s before its crossing moment (so the crossing is a known instant ahead).
  const next = random(17);
  const start = Date.now() + 2_000;
  const crossingAt = new Map<number, number>();
  for (let lineID = 1; lineID <= LINES; lineID++) crossingAt.set(lineID, start + Math.round(next() * SPREAD_MS));
  const timers = [...crossingAt].map(([lineID, crossing]) =>
    setTimeout(
      () => {
        const openedAt = crossing - THRESHOLD_MINUTES * 60_000;
        void applyLineEvents(db, [{ type: 'lineState', lineID, atMs: openedAt, running: false }], {
          nowMs: Date.now(),
          timeZone: TZ,
          userID: null,
        });
      },
      crossing - 1_000 - Date.now(),
    ),
  );

  const expected = LINES * MEMBERS;
  await bot.waitForMessages(expected, SPREAD_MS + 60_000);
  timers.forEach(clearTimeout);
  const latencies = bot.messages
    .map((message) => {
      const lineID = Number(/\?line=(\d+)/.exec(message.text)?.[1]);
      return message.receivedAt - crossingAt.get(lineID)!;
    })
    .sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = latencies[latencies.length - 1]!;
  const met = p99 < TARGET_P99_MS;
  console.log(
    `${LINES} lines, ${MEMBERS} members, stops crossing ${THRESHOLD_MINUTES} min over ${SPREAD_MS / 1000} s; ${latencies.length} messages (job pass every 5 s)`,
  );
  console.log(
    `threshold crossed → Bot API received: p50 ${(p50 / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s, max ${(max / 1000).toFixed(2)} s`,
  );
  console.log(`notification latency: p99 ${(p99 / 1000).toFixed(2)} s (target < ${TARGET_P99_MS / 1000} s) ${met ? 'OK' : 'OVER'}`);
  if (!met) process.exitCode = 1;
} finally {
  await t.close();
  await bot.close();
}
