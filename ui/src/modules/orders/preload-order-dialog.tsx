import { Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateData } from '../../components/data-grid/grid-api';
import type { GridField, OptionSource } from '../../components/data-grid/grid-types';
import { RecordFormDialog } from '../../components/data-grid/record-form-dialog';
import { useFieldOptions } from '../../components/data-grid/use-field-options';
import { notify } from '../../components/feedback/toaster';
import { apiRequest } from '../../lib/api-client';
import { createOrderFromPreload } from './api';

/** The preload orders not used yet and not deleted (/indexes/precargaOp), by OP. */
const UNUSED_PRELOADS = {
  kind: 'records',
  path: '/api/preContract',
  filter: [['utilizado', '=', false], 'and', ['deleted', '=', false]],
  value: 'id',
  text: 'op',
} as const satisfies OptionSource;

interface PreloadRow {
  id: number;
  op: string;
  cliente: string | null;
  producto: string;
  cantidad: number;
}

/** What the chosen preload order brings: its customer, product and quantity. */
function PreloadSummary({ id }: { id: unknown }) {
  const { t } = useTranslation();
  const chosen = Number(id);
  const row = useQuery({
    queryKey: ['orders', 'preload', chosen],
    queryFn: async () =>
      (await apiRequest<{ data: PreloadRow[] }>('/api/preContract', { query: { filter: ['id', '=', chosen] } })).data[0] ?? null,
    enabled: Number.isInteger(chosen) && chosen > 0,
  });
  if (!row.data) return null;
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="preload-summary">
      {t('orderManager.preloadSummary', { product: row.data.producto, quantity: row.data.cantidad, customer: row.data.cliente ?? '' })}
    </Text>
  );
}

/**
 * A new order from a preload order: its OP, product and quantity come from the preload order (which the server then
 * marks used); the version, lot, another quantity and the speed are typed here.
 */
export function PreloadOrderDialog({ lineID, onClose }: { lineID: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields: GridField[] = [
    {
      name: 'id',
      label: 'orderManager.preload',
      kind: 'select',
      required: true,
      options: UNUSED_PRELOADS,
      extra: ({ value }) => <PreloadSummary id={value} />,
    },
    { name: 'version', label: 'indexes.fields.version', kind: 'number', identifier: true, defaultValue: 0, min: 0, max: 999 },
    { name: 'lot', label: 'indexes.fields.lot', maxLength: 50 },
    {
      name: 'desiredProductionQuantity',
      label: 'indexes.fields.desiredProductionQuantity',
      kind: 'number',
      min: 0,
      extra: () => (
        <Text fontSize="xs" color="fg.muted">
          {t('orderManager.quantityHint')}
        </Text>
      ),
    },
    {
      name: 'desiredProductionSpeed',
      label: 'indexes.fields.desiredProductionSpeed',
      kind: 'number',
      min: 0,
      extra: () => (
        <Text fontSize="xs" color="fg.muted">
          {t('orderManager.speedHint')}
        </Text>
      ),
    },
  ];
  const { optionsOf, resolver } = useFieldOptions(fields);
  return (
    <RecordFormDialog
      mode="insert"
      record={null}
      fields={fields}
      canWrite
      fixedValues={{ lineID }}
      resolver={resolver}
      optionsOf={optionsOf}
      onClose={onClose}
      onSubmit={async (values) => {
        const order = await createOrderFromPreload(values);
        notify.success(t('orderManager.created', { order: order.order }));
        // Also the list of unused preload orders: the next dialog must not offer this one again.
        await invalidateData(queryClient);
        onClose();
      }}
    />
  );
}
