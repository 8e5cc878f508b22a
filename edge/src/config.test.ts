import { describe, expect, it } from 'vitest';
import { parseCommandLine, SettingsError } from './config';

function settingsOf(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const parsed = parseCommandLine(argv, env);
  if (parsed.kind !== 'run') throw new Error(`expected run, got ${parsed.kind}`);
  return parsed.settings;
}

describe('settings', () => {
  it('defaults to serve on port 8080 with ./data and the system time zone', () => {
    const settings = settingsOf([]);
    expect(settings.command).toBe('serve');
    expect(settings.port).toBe(8080);
    expect(settings.host).toBe('0.0.0.0');
    expect(settings.dataDir).toMatch(/\/data$/);
    expect(settings.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(settings.logLevel).toBe('info');
  });

  it('reads PORT, OEE_DATA_DIR, HOST, TZ and LOG_LEVEL from the environment', () => {
    const settings = settingsOf([], {
      PORT: '9090',
      OEE_DATA_DIR: '/tmp/plant',
      HOST: '127.0.0.1',
      TZ: 'Europe/Madrid',
      LOG_LEVEL: 'debug',
    });
    expect(settings).toMatchObject({ port: 9090, dataDir: '/tmp/plant', host: '127.0.0.1', timeZone: 'Europe/Madrid', logLevel: 'debug' });
  });

  it('reads FAILED_SIGNINS_PER_MINUTE (default 30) and refuses one out of range', () => {
    expect(settingsOf([]).failedSignInsPerMinute).toBe(30);
    expect(settingsOf([], { FAILED_SIGNINS_PER_MINUTE: '200' }).failedSignInsPerMinute).toBe(200);
    expect(() => settingsOf([], { FAILED_SIGNINS_PER_MINUTE: '0' })).toThrow(/FAILED_SIGNINS_PER_MINUTE must be 1..100000/);
  });

  it('lets flags win over the environment', () => {
    const settings = settingsOf(['migrate', '--port', '7000', '--data-dir', '/srv/oee', '--tz', 'UTC'], {
      PORT: '9090',
      OEE_DATA_DIR: '/tmp/x',
    });
    expect(settings).toMatchObject({ command: 'migrate', port: 7000, dataDir: '/srv/oee', timeZone: 'UTC' });
  });

  it('reports every bad setting at once', () => {
    let error: unknown;
    try {
      parseCommandLine(['explode'], { PORT: 'eighty', TZ: 'Mars/Olympus', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const problems = (error as SettingsError).problems.join('\n');
    expect(problems).toContain('command must be one of');
    expect(problems).toContain('port must be a number');
    expect(problems).toContain("TZ 'Mars/Olympus' is not an IANA time zone");
    expect(problems).toContain('log level must be one of');
  });

  it('refuses a port out of range and unknown flags', () => {
    expect(() => parseCommandLine([], { PORT: '70000' })).toThrow(/0\.\.65535/);
    expect(() => parseCommandLine(['--colour', 'red'], {})).toThrow(SettingsError);
  });

  it('demo --source: opcua, modbus, or mqtt with a broker URL (Sparkplug B unless --payload json)', () => {
    const settingsOf = (args: string[]) => {
      const parsed = parseCommandLine(args, {});
      if (parsed.kind !== 'run') throw new Error(parsed.kind);
      return parsed.settings;
    };
    expect(settingsOf(['demo', '--source', 'modbus'])).toMatchObject({ command: 'demo', source: 'modbus' });
    expect(settingsOf(['demo', '--source', 'mqtt', '--broker', 'mqtt://127.0.0.1:1883', '--payload', 'json'])).toMatchObject({
      source: 'mqtt',
      broker: 'mqtt://127.0.0.1:1883',
      payload: 'json',
    });
    expect(() => parseCommandLine(['demo', '--source', 'mqtt'], {})).toThrow(/--broker/);
    expect(() => parseCommandLine(['demo', '--source', 'profinet'], {})).toThrow(/source must be one of/);
    expect(() => parseCommandLine(['demo', '--source', 'mqtt', '--broker', 'http://x'], {})).toThrow(/broker must be/);
  });

  it("demo --shifts: the new demo plant's shift starts in the order of the day, refused when they are not", () => {
    const parsed = parseCommandLine(['demo', '--shifts', '07:00, 19:00'], {});
    if (parsed.kind !== 'run') throw new Error(parsed.kind);
    expect(parsed.settings.shifts).toEqual(['07:00', '19:00']);
    expect(() => parseCommandLine(['demo', '--shifts', '07:00,25:00'], {})).toThrow(/shifts must be/);
    expect(() => parseCommandLine(['demo', '--shifts', '07:00,19:00,12:00'], {})).toThrow(/shifts must be/);
  });

  it('answers --help and --version without validating the rest', () => {
    expect(parseCommandLine(['--help'], { PORT: 'bad' }).kind).toBe('help');
    expect(parseCommandLine(['--version'], {}).kind).toBe('version');
  });
});
