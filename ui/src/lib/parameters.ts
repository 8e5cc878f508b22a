import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The general parameters as GET /api/parameters/get/ answers them (the bot token only as telegramBotTokenSet). */
export type Parameters = {
  microStopTime: number | null;
  problemResolutionTime: number | null;
  gridRefreshTime: number | null;
  oeeCalculationRefresh: number | null;
  counterPlausibilityFactor: number | null;
  enableDomainValidation: boolean;
  domain: string | null;
  enableGroupValidation: boolean;
  group: string | null;
  directoryUrl: string | null;
  directoryBaseDN: string | null;
  directoryBindName: string | null;
  directoryCaFile: string | null;
  emailEnabled: boolean;
  emailFrom: string | null;
  emailHost: string | null;
  emailPort: number | null;
  telegramEnabled: boolean;
  telegramBotName: string | null;
  telegramNotificationInterval: number | null;
  telegramBotUseProxy: boolean;
  telegramBotProxyHost: string | null;
  telegramBotProxyPort: number | null;
  terminalSyncByIP: boolean;
  auditRetentionDays: number | null;
  diagnosticsRetentionDays: number | null;
  outboxRetentionDays: number | null;
  enableMaintenanceManager: boolean;
  telegramBotTokenSet: boolean;
  mqttPublishEnabled: boolean;
  mqttPublishUrl: string | null;
  mqttPublishPrefix: string | null;
  mqttPublishClientId: string | null;
  mqttPublishUserName: string | null;
  mqttPublishPasswordSet: boolean;
  updatedBy: string | null;
  updateDate: string | null;
};

export function getParameters(): Promise<Parameters> {
  return apiRequest<Parameters>('/api/parameters/get/');
}

export const parametersQuery = (enabled = true) =>
  queryOptions({ queryKey: ['parameters'], queryFn: getParameters, enabled, staleTime: 60_000 });

export function useParameters(enabled = true) {
  return useQuery(parametersQuery(enabled));
}

/** When gridRefreshTime is not set: the screens refresh every 30 s. */
export const DEFAULT_REFRESH_MS = 30_000;

/** SPEC.md section 9: grids and the dashboard refresh every gridRefreshTime seconds (× 1000). */
export function refreshMs(gridRefreshTime: number | null | undefined): number {
  return gridRefreshTime && gridRefreshTime > 0 ? gridRefreshTime * 1000 : DEFAULT_REFRESH_MS;
}

export function useGridRefreshMs(): number {
  const { data } = useParameters();
  return refreshMs(data?.gridRefreshTime);
}
