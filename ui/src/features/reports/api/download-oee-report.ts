import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/feedback/toaster';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { i18n } from '../../../lib/i18n';

export const OEE_REPORT_PATH = '/api/reports/completeoaereport';

/** What the report covers: production days from `startDate` to `endDate` (plant dates, inclusive), one line or all. */
export interface OeeReportRequest {
  startDate: string;
  endDate: string;
  lineID: number | null;
}

/**
 * 'Reporte OEE' (SPEC.md sections 7, 8): GET the xlsx, saved only on 200. The file name is fixed (SPEC.md section 9:
 * export file names fixed per grid).
 */
export async function downloadOeeReport({ startDate, endDate, lineID }: OeeReportRequest): Promise<void> {
  const file = await apiRequest<Blob>(OEE_REPORT_PATH, {
    blob: true,
    query: { startDate, endDate, ...(lineID === null ? {} : { lineID }) },
  });
  saveBlob(file, 'ReporteOEE.xlsx');
}

/** The download with its toasts: success for 1.5 s, failure for 5 s (SPEC.md section 8). */
export function useDownloadOeeReport() {
  return useMutation({
    mutationFn: downloadOeeReport,
    onSuccess: () => notify.success(i18n.t('reports.generated')),
    onError: () => notify.error(i18n.t('reports.failed')),
  });
}
