/**
 * The status of a tag that has not been read yet since it was configured or since the edge started: its lines are
 * not judged until it has a reading (the connection gets a grace period), so starting the edge or adding a tag does
 * not open an "OPC disconnected" stop of its own. Set by the acquisition's sources, read by the engine's line
 * evaluator.
 */
export const WAITING_STATUS = 'BadWaitingForInitialData';
