import { format } from 'node:util';
import { setErrorLogger, setWarningLogger } from 'node-opcua';
import type { Logger } from 'pino';

/**
 * The acquisition's node-opcua side, loaded when first needed (acquisition-manager.ts): importing node-opcua costs
 * about a second of CPU, which an edge that reads no OPC UA server, an administrator's command, or a test never pays.
 */
export { OpcPki } from './opc-pki';
export { UaServerConnection } from './ua-server-connection';

/**
 * node-opcua writes its warnings and errors to the console; they go to the edge's log instead (warnings at debug
 * level: during a reconnection it warns at every attempt, and the edge logs the connection state itself).
 * node-opcua's loggers are process-wide, so the last edge started in a process gets them.
 */
export function routeOpcuaLogs(logger: Logger): void {
  const child = logger.child({ module: 'node-opcua' });
  const text = (args: unknown[]) => format(...args.slice(1)).slice(0, 2_000);
  setWarningLogger((...args: unknown[]) => child.debug(text(args)));
  setErrorLogger((...args: unknown[]) => child.warn(text(args)));
}
