import { createServer, type Server, type Socket } from 'node:net';
import { encodeRegisters } from '../../domain/source-addresses';
import type { LineSnapshot } from './line-model';

/**
 * The plant simulator's Modbus TCP server: the lines as a PLC would hold them, in every register type and word order,
 * so the edge's Modbus source is tested (and the demo runs) on a real Modbus TCP conversation. Written here, not
 * taken from a library, to answer exactly as a PLC does: an address it does not serve gets exception 2 (illegal data
 * address), a function it does not know exception 1.
 *
 * Per line n (1-based), MODBUS_REGISTERS_PER_LINE holding registers from base = (n - 1) × 16 (see
 * simulatorModbusAddress), mirrored in the input registers:
 *   base + 0        Running (0/1)                   base + 8..9    Units, uint32 CDAB (words swapped)
 *   base + 1..2     Units, uint32 ABCD              base + 10..11  Units, uint32 BADC (bytes swapped)
 *   base + 3..4     Discards, uint32 ABCD           base + 12..13  Units, uint32 DCBA (little-endian)
 *   base + 5..6     Speed, float32 ABCD             base + 14      Speed × 10 - 1000, int16 (negative while slow)
 *   base + 7        Units, uint16 (wraps at 65,536) base + 15      bit 0: running, bit 1: stopped
 * Coil and discrete input n - 1: Running. Nothing beyond the lines' registers is served.
 */

export const MODBUS_REGISTERS_PER_LINE = 16;

/** The tagValue of a simulated line's value over Modbus, as the demo and the tests configure it. */
export function simulatorModbusAddress(line: number, variable: 'Running' | 'Units' | 'Discards' | 'Speed'): string {
  const base = (line - 1) * MODBUS_REGISTERS_PER_LINE;
  switch (variable) {
    case 'Running':
      return `coil:${line - 1}`;
    case 'Units':
      return `hr:${base + 1}:uint32:counter`;
    case 'Discards':
      return `hr:${base + 3}:uint32:counter`;
    case 'Speed':
      return `hr:${base + 5}:float32`;
  }
}

const READ_COILS = 1;
const READ_DISCRETE_INPUTS = 2;
const READ_HOLDING_REGISTERS = 3;
const READ_INPUT_REGISTERS = 4;

export class SimulatorModbusServer {
  private readonly registers: Uint16Array;
  private readonly bits: Uint8Array;
  private readonly sockets = new Set<Socket>();
  /** Requests answered (a benchmark's measure of the load). */
  requests = 0;

  private constructor(
    private readonly server: Server,
    lines: number,
    readonly port: number,
  ) {
    this.registers = new Uint16Array(lines * MODBUS_REGISTERS_PER_LINE);
    this.bits = new Uint8Array(lines);
  }

  static async start(options: { lines: number; port: number; host: string }): Promise<SimulatorModbusServer> {
    let instance: SimulatorModbusServer | null = null;
    const server = createServer((socket) => instance?.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
    const address = server.address();
    instance = new SimulatorModbusServer(server, options.lines, typeof address === 'object' && address ? address.port : options.port);
    return instance;
  }

  /** Writes a line's values into its registers. */
  update(line: number, snapshot: LineSnapshot): void {
    const base = (line - 1) * MODBUS_REGISTERS_PER_LINE;
    const set = (offset: number, words: number[]) => this.registers.set(words, base + offset);
    set(0, [snapshot.running ? 1 : 0]);
    set(1, encodeRegisters('uint32', 'ABCD', snapshot.units));
    set(3, encodeRegisters('uint32', 'ABCD', snapshot.discards));
    set(5, encodeRegisters('float32', 'ABCD', snapshot.speed));
    set(7, encodeRegisters('uint16', 'ABCD', snapshot.units));
    set(8, encodeRegisters('uint32', 'CDAB', snapshot.units));
    set(10, encodeRegisters('uint32', 'BADC', snapshot.units));
    set(12, encodeRegisters('uint32', 'DCBA', snapshot.units));
    set(14, encodeRegisters('int16', 'ABCD', Math.round(snapshot.speed * 10) - 1000));
    set(15, [snapshot.running ? 1 : 2]);
    this.bits[line - 1] = snapshot.running ? 1 : 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      // MBAP header: transaction id, protocol id (0), length (unit id + PDU), unit id.
      while (pending.length >= 7) {
        const length = pending.readUInt16BE(4);
        if (length < 2 || length > 254) {
          socket.destroy();
          return;
        }
        if (pending.length < 6 + length) break;
        const frame = pending.subarray(0, 6 + length);
        pending = pending.subarray(6 + length);
        socket.write(this.answer(frame));
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private answer(frame: Buffer): Buffer {
    this.requests += 1;
    const functionCode = frame[7]!;
    const pdu = this.pdu(functionCode, frame.subarray(8));
    const header = Buffer.alloc(7);
    frame.copy(header, 0, 0, 4);
    header.writeUInt16BE(pdu.length + 1, 4);
    header[6] = frame[6]!;
    return Buffer.concat([header, pdu]);
  }

  private pdu(functionCode: number, body: Buffer): Buffer {
    const exception = (code: number) => Buffer.from([functionCode | 0x80, code]);
    if (body.length < 4) return exception(3);
    const start = body.readUInt16BE(0);
    const count = body.readUInt16BE(2);
    switch (functionCode) {
      case READ_COILS:
      case READ_DISCRETE_INPUTS: {
        if (count < 1 || count > 2_000) return exception(3);
        if (start + count > this.bits.length) return exception(2);
        const bytes = Buffer.alloc(Math.ceil(count / 8));
        for (let i = 0; i < count; i += 1) if (this.bits[start + i]) bytes[i >> 3]! |= 1 << (i & 7);
        return Buffer.concat([Buffer.from([functionCode, bytes.length]), bytes]);
      }
      case READ_HOLDING_REGISTERS:
      case READ_INPUT_REGISTERS: {
        if (count < 1 || count > 125) return exception(3);
        if (start + count > this.registers.length) return exception(2);
        const words = Buffer.alloc(count * 2);
        for (let i = 0; i < count; i += 1) words.writeUInt16BE(this.registers[start + i]!, i * 2);
        return Buffer.concat([Buffer.from([functionCode, words.length]), words]);
      }
      default:
        return exception(1);
    }
  }
}
