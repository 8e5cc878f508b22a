import type { Socket } from 'node:net';
import type { ModbusArea } from '../domain/source-addresses';

/**
 * The edge's Modbus TCP client: reads (function codes 1–4) over one socket, several requests in flight at once.
 *
 * Modbus TCP numbers each request (the MBAP header's transaction id) so that a client need not wait for an answer
 * before it sends the next request (Modbus Messaging on TCP/IP Implementation Guide, 4.2). A poll of 5,000 registers
 * is 40 requests of 125, Modbus's most in one read: a client that sends them one after another (jsmodbus's, which
 * keeps one request in flight) pays 40 round trips a second, each a write, a wake-up and a read on both sides. This
 * one writes up to `maxInFlight` requests in one write and refills the window once per chunk of answers, so a poll
 * costs a few system calls instead of 80; answers are matched by transaction id, in whatever order they come.
 *
 * A device that serves one transaction at a time usually still answers requests sent together, one after another, as
 * TCP queues them for it; one that refuses them says so with exception 6 (server busy) or leaves them unanswered. The
 * connection then reads one request at a time (ModbusConnection).
 *
 * Errors: an answer that is not one the protocol allows (an unknown transaction, another function code, a short
 * frame) or no answer for `timeoutMs` rejects the whole read, and the connection is not to be trusted any more (the
 * caller closes it). A Modbus exception is the answer of that request only (`{ exception: code }`).
 */

export interface ReadRequest {
  area: ModbusArea;
  start: number;
  count: number;
}

/** The words (registers) or bits (0/1) read, or the Modbus exception code the server answered. */
export type ReadResult = { values: ArrayLike<number>; exception?: undefined } | { values?: undefined; exception: number };

const FUNCTION_CODE: Record<ModbusArea, number> = { coil: 1, di: 2, hr: 3, ir: 4 };
const HEADER_BYTES = 7;
const REQUEST_BYTES = 12;

/** Modbus exception 6: the server is busy (here: with the requests already sent). */
export const SERVER_BUSY = 6;

export class ModbusProtocolError extends Error {}

/** No answer in time; `answered`: how many requests of the read had been answered (a device that drops requests sent together answers some). */
export class ModbusTimeoutError extends Error {
  constructor(
    message: string,
    readonly answered: number,
  ) {
    super(message);
  }
}

interface InFlight {
  index: number;
  request: ReadRequest;
}

interface Read {
  requests: readonly ReadRequest[];
  results: (ReadResult | undefined)[];
  next: number;
  answered: number;
  maxInFlight: number;
  resolve: (results: ReadResult[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ModbusTcpClient {
  private transactionId = 0;
  private readonly inFlight = new Map<number, InFlight>();
  private read: Read | null = null;
  /** Bytes of an answer not complete yet (null when none). */
  private partial: Buffer | null = null;
  /** Requests written since the client was made. */
  requestsSent = 0;

  constructor(
    private readonly socket: Socket,
    private readonly unitId: number,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    socket.on('close', () => this.fail(new Error('connection to the Modbus server closed')));
  }

  /** Reads every request, at most `maxInFlight` sent and not answered at a time; one read at a time per client. */
  readMany(requests: readonly ReadRequest[], maxInFlight: number): Promise<ReadResult[]> {
    if (this.read) return Promise.reject(new Error('a read is already under way'));
    if (requests.length === 0) return Promise.resolve([]);
    if (this.socket.destroyed) return Promise.reject(new Error('connection to the Modbus server closed'));
    return new Promise<ReadResult[]>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new ModbusTimeoutError(`no answer from the Modbus server in ${this.timeoutMs} ms`, this.read?.answered ?? 0)),
        this.timeoutMs,
      );
      this.read = {
        requests,
        results: new Array<ReadResult | undefined>(requests.length),
        next: 0,
        answered: 0,
        maxInFlight: Math.max(1, maxInFlight),
        resolve,
        reject,
        timer,
      };
      this.send(this.read);
    });
  }

  /** Writes the requests that fit in the window, all in one write. */
  private send(read: Read): void {
    const room = Math.min(read.maxInFlight - this.inFlight.size, read.requests.length - read.next);
    if (room <= 0) return;
    const payload = Buffer.allocUnsafe(room * REQUEST_BYTES);
    for (let i = 0; i < room; i += 1) {
      const index = read.next;
      read.next += 1;
      const request = read.requests[index]!;
      this.transactionId = (this.transactionId % 0xffff) + 1;
      const at = i * REQUEST_BYTES;
      payload.writeUInt16BE(this.transactionId, at);
      payload.writeUInt16BE(0, at + 2);
      payload.writeUInt16BE(6, at + 4);
      payload.writeUInt8(this.unitId, at + 6);
      payload.writeUInt8(FUNCTION_CODE[request.area], at + 7);
      payload.writeUInt16BE(request.start, at + 8);
      payload.writeUInt16BE(request.count, at + 10);
      this.inFlight.set(this.transactionId, { index, request });
    }
    this.requestsSent += room;
    this.socket.write(payload);
  }

  private received(chunk: Buffer): void {
    let buffer = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    this.partial = null;
    try {
      while (buffer.length >= HEADER_BYTES) {
        const length = buffer.readUInt16BE(4);
        if (length < 2) throw new ModbusProtocolError(`Modbus answer of length ${length}`);
        const end = 6 + length;
        if (buffer.length < end) break;
        this.answer(buffer.subarray(0, end));
        buffer = buffer.subarray(end);
      }
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    if (buffer.length > 0) this.partial = Buffer.from(buffer);
    const read = this.read;
    if (!read) return;
    if (read.answered === read.requests.length) {
      this.read = null;
      clearTimeout(read.timer);
      read.resolve(read.results as ReadResult[]);
    } else {
      read.timer.refresh();
      this.send(read);
    }
  }

  /** One complete answer (MBAP header and PDU). */
  private answer(frame: Buffer): void {
    const id = frame.readUInt16BE(0);
    const pending = this.inFlight.get(id);
    const read = this.read;
    if (!pending || !read) throw new ModbusProtocolError(`Modbus answer to no request (transaction ${id})`);
    if (frame.readUInt16BE(2) !== 0) throw new ModbusProtocolError('Modbus answer of another protocol');
    this.inFlight.delete(id);
    const code = frame[7]!;
    const expected = FUNCTION_CODE[pending.request.area];
    let result: ReadResult;
    if (code === (expected | 0x80)) {
      result = { exception: frame[8] ?? 0 };
    } else if (code === expected) {
      const bytes = frame[8] ?? 0;
      const { count, area } = pending.request;
      const bits = area === 'coil' || area === 'di';
      const needed = bits ? Math.ceil(count / 8) : count * 2;
      if (bytes < needed || frame.length < 9 + needed) throw new ModbusProtocolError(`short Modbus answer (${bytes} bytes for ${count})`);
      if (bits) {
        const values = new Uint8Array(count);
        for (let i = 0; i < count; i += 1) values[i] = (frame[9 + (i >> 3)]! >> (i & 7)) & 1;
        result = { values };
      } else {
        const values = new Uint16Array(count);
        for (let i = 0; i < count; i += 1) values[i] = frame.readUInt16BE(9 + i * 2);
        result = { values };
      }
    } else {
      throw new ModbusProtocolError(`Modbus answer with function code ${code} to a request of ${expected}`);
    }
    read.results[pending.index] = result;
    read.answered += 1;
  }

  /** The read fails (no answer, a broken stream, the socket closed): nothing in flight will be matched any more. */
  private fail(error: Error): void {
    this.inFlight.clear();
    this.partial = null;
    const read = this.read;
    this.read = null;
    if (!read) return;
    clearTimeout(read.timer);
    read.reject(error);
  }
}
