import type { FormContext, GridField } from '../../../../components/data-grid/grid-types';
import { AUDIT_FIELDS } from '../../../../components/data-grid/shared-fields';

/** On a system stop only the colour and pareto can change (SPEC.md section 5). */
const notSystem = ({ record }: FormContext) => record?.systemStop !== true;

/** SPEC.md section 5: the reason text counter 'Utilizados {n} de 40 caracteres', red beyond 40. */
export const REASON_COUNTER = 40;

export const STOP_REASON_FIELDS: readonly GridField[] = [
  { name: 'reasonID', label: 'fields.reasonID', key: true, generated: true, inForm: false, width: 90 },
  {
    name: 'parentID',
    label: 'fields.parentID',
    kind: 'select',
    required: true,
    editable: notSystem,
    options: { kind: 'records', path: '/api/stopreasons', filter: ['isCategory', '=', true], value: 'reasonID', text: 'reason' },
  },
  { name: 'reason', label: 'fields.reason', required: true, counter: REASON_COUNTER, editable: notSystem, flex: 2 },
  { name: 'detail', label: 'fields.detail', kind: 'textarea', editable: notSystem, flex: 2 },
  { name: 'isCategory', label: 'fields.isCategory', kind: 'boolean', editable: ({ mode }) => mode === 'insert', width: 110 },
  { name: 'pareto', label: 'fields.pareto', kind: 'boolean', width: 100 },
  { name: 'discountOEE', label: 'fields.discountOEE', kind: 'boolean', editable: notSystem, width: 120 },
  {
    // Where its stops' time goes in the waterfall (issue 29); empty: inherited from the category. Editable on system
    // stops too (end of lot counted as breakdowns rather than setups).
    name: 'lossKind',
    label: 'fields.lossKind',
    kind: 'select',
    width: 170,
    options: {
      kind: 'static',
      options: (['breakdown', 'setup', 'smallStop'] as const).map((kind) => ({
        value: kind,
        label: `losses.kinds.${kind}` as const,
        translate: true,
      })),
    },
  },
  { name: 'color', label: 'fields.color', kind: 'color', width: 110 },
  { name: 'systemStop', label: 'fields.systemStop', kind: 'boolean', readOnly: true, width: 120 },
  ...AUDIT_FIELDS,
];
