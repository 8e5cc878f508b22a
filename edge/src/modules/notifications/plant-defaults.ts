import { hostname } from 'node:os';
import type { Plant } from '../../plant';

/**
 * What the messages use while the parameters plantName and edgePublicUrl are empty: the plant's PLANT_ID (else the
 * machine's name), and http(s)://<machine name>:<port> — the edge as the plant's LAN usually reaches it.
 */
export function plantDefaults(plant: Plant): { defaultPlantName: string; defaultPublicUrl: string } {
  const { settings } = plant;
  const scheme = settings.tlsCertFile && settings.tlsKeyFile ? 'https' : 'http';
  return { defaultPlantName: settings.plantId ?? hostname(), defaultPublicUrl: `${scheme}://${hostname()}:${settings.port}` };
}

/** The bot's update polling as the job last saw it (diagnostics). */
export interface BotPollStatus {
  polling: boolean;
  lastPollError: string | null;
}

const pollStatuses = new WeakMap<Plant, BotPollStatus>();

export function botPollStatusOf(plant: Plant): BotPollStatus {
  let status = pollStatuses.get(plant);
  if (!status) {
    status = { polling: false, lastPollError: null };
    pollStatuses.set(plant, status);
  }
  return status;
}
