import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/feedback/toaster';
import { apiRequest, type QueryParams } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { i18n } from '../../../lib/i18n';

export interface PortalExport {
  /** The table's call ('/api/portal/compare'); its workbook is the same path with '/export'. */
  path: string;
  query: QueryParams;
  fileName: string;
}

/** GET …/export: the rows the table shows as xlsx, in the user's language (the API client sends Accept-Language). */
export async function downloadExport({ path, query, fileName }: PortalExport): Promise<void> {
  const file = await apiRequest<Blob>(`${path}/export`, { blob: true, query });
  saveBlob(file, `${fileName}.xlsx`);
}

export function useDownloadExport() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: () => notify.success(i18n.t('portal.exported')),
    onError: () => notify.error(i18n.t('portal.exportFailed')),
  });
}
