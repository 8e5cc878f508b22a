/**
 * The plant simulator's addresses, apart from the simulator (plant-simulator.ts) so that what only names them (the
 * demo plant's tags) does not load node-opcua's server.
 */

export const SIMULATOR_NAMESPACE_URI = 'urn:oee-edge:simulator';
export const SIMULATOR_PORT = 4840;

/** The variables of each simulated line and their OPC UA data types (an OPC tag's tagType must match). */
export const SIMULATOR_VARIABLES = [
  { name: 'Running', dataType: 'Boolean' },
  { name: 'Units', dataType: 'UInt32' },
  { name: 'Discards', dataType: 'UInt32' },
  { name: 'Speed', dataType: 'Double' },
] as const;

export type SimulatorDataType = (typeof SIMULATOR_VARIABLES)[number]['dataType'];

/** The tag value (node id text) of a simulated variable, as an OPC tag stores it. */
export function simulatorNodeId(line: number, variable: string): string {
  return `nsu=${SIMULATOR_NAMESPACE_URI};s=Line${line}.${variable}`;
}
