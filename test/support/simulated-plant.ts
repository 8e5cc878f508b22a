import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlantSimulator, type PlantSimulatorOptions, simulatorNodeId } from '../../edge/src/acquisition/simulator/plant-simulator';
import { encodeStoredScript } from '../../edge/src/domain/script';
import type { TestEdge } from './test-edge';

/**
 * A test edge wired to an in-process OPC UA simulator over real OPC UA on 127.0.0.1: one UA server, the tags
 * Line<n>.Running/Units/Discards of each line, and lines whose scripts read them — configured through the API as an
 * administrator would.
 */

export const TAG_KINDS = [
  ['Running', 'Boolean'],
  ['Units', 'UInt32'],
  ['Discards', 'UInt32'],
] as const;

/** The stored form of a script (marker line and expression), as the configuration UI saves it. */
export function storedScript(expression: string): string {
  return encodeStoredScript({ expression, edited: true, tags: [] });
}

export function lineScripts(line: number) {
  return {
    calculationBaliza: storedScript(`Line${line}.Running`),
    calculationUnits: storedScript(`Line${line}.Units`),
    calculationDiscards: storedScript(`Line${line}.Discards`),
  };
}

export class SimulatedPlant {
  readonly pkiDir = mkdtempSync(join(tmpdir(), 'oee-sim-pki-'));
  simulator!: PlantSimulator;
  opcServerID = 0;

  constructor(
    readonly t: TestEdge,
    readonly lines: number,
  ) {}

  async start(options: Partial<PlantSimulatorOptions> = {}): Promise<PlantSimulator> {
    this.simulator = await PlantSimulator.start({
      lines: this.lines,
      port: 0,
      pkiDir: this.pkiDir,
      automatic: false,
      speeds: Array(this.lines).fill(0),
      ...options,
    });
    return this.simulator;
  }

  /** Stops the simulator and starts a new one on the same port (a restarted PLC keeps its counters: `initial`). */
  async restart(options: Partial<PlantSimulatorOptions>): Promise<PlantSimulator> {
    const port = this.simulator.port;
    await this.simulator.stop();
    return this.start({ ...options, port });
  }

  /** Server, tags, a sector and lines with their scripts, through the API (the server at `endpointUrl`: a proxy's). */
  async configure(endpointUrl = this.simulator.endpointUrl): Promise<void> {
    const token = this.t.adminToken;
    const ok = (result: { status: number; text: string }, what: string) => {
      if (result.status !== 200) throw new Error(`${what}: ${result.status} ${result.text}`);
    };
    const server = await this.t.call('POST', '/api/opcservers', {
      token,
      form: { values: { name: 'Simulador', hostName: endpointUrl, serverType: 'UA', enabled: true } },
    });
    ok(server, 'opc server');
    this.opcServerID = server.body.opcServerID;
    for (let line = 1; line <= this.lines; line += 1) {
      for (const [variable, tagType] of TAG_KINDS) {
        ok(await this.addTag(`Line${line}.${variable}`, tagType, simulatorNodeId(line, variable)), 'tag');
      }
    }
    const sector = await this.t.call('POST', '/api/sectors', { token, form: { values: { sectorName: 'Envasado' } } });
    ok(sector, 'sector');
    for (let line = 1; line <= this.lines; line += 1) {
      const values = { lineID: line, sectorID: sector.body.sectorID, description: `Línea ${line}`, ...lineScripts(line) };
      ok(await this.t.call('POST', '/api/Resources', { token, form: { values } }), 'line');
    }
  }

  addTag(tagName: string, tagType: string, tagValue: string, opcServerID = this.opcServerID) {
    return this.t.call('POST', '/api/tags', { token: this.t.adminToken, form: { values: { tagName, tagType, opcServerID, tagValue } } });
  }

  async stop(): Promise<void> {
    await this.simulator?.stop();
    rmSync(this.pkiDir, { recursive: true, force: true });
  }
}

/** Polls `probe` until it returns a value other than undefined/false, at most `timeoutMs` (then throws). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
