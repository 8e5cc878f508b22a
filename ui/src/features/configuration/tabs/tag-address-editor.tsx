import { Box, Checkbox, Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatModbusAddress,
  formatMqttAddress,
  MODBUS_AREAS,
  MODBUS_TYPES,
  type ModbusAddress,
  type MqttAddressParts,
  mqttAddressParts,
  parseModbusAddress,
  parseMqttAddress,
  WORD_ORDERS,
} from '../../../../../edge/src/domain/source-addresses';
import { optionsQuery } from '../../../components/data-grid/grid-api';
import type { GridOption } from '../../../components/data-grid/grid-types';
import { OptionSelect, type SelectOption } from '../../../components/option-select';

/**
 * The parts of a Modbus or MQTT tag's value, edited one by one under the tagValue input: each change writes the
 * whole text (domain/source-addresses.ts, the grammar the API checks and the acquisition reads), and a text typed in
 * the input is taken apart again. UA and API tags have no parts: their value is typed as it is.
 */

/** The server types by id, for the tag form to know which parts its server's tags have: the servers' lookup (the form's own select) names them. */
function useServerTypes() {
  return useQuery({
    ...optionsQuery({ kind: 'lookup', path: '/api/opcservers/lookup' }),
    select: (options) =>
      new Map(options.map((option) => [String(option.value), String((option as GridOption & { serverType?: string }).serverType)])),
  });
}

export function TagAddressEditor({
  opcServerID,
  value,
  setValue,
  disabled,
}: {
  opcServerID: unknown;
  value: unknown;
  setValue: (value: string) => void;
  disabled: boolean;
}) {
  const types = useServerTypes();
  const serverType = types.data?.get(String(opcServerID));
  const text = typeof value === 'string' ? value : '';
  if (serverType === 'Modbus') return <ModbusAddressEditor value={text} setValue={setValue} disabled={disabled} />;
  if (serverType === 'MQTT') return <MqttAddressEditor value={text} setValue={setValue} disabled={disabled} />;
  return null;
}

/**
 * Parts kept as the user typed them, taken from the value again when the value changes other than through them (typed
 * in the tagValue input, another record): the React way of state derived from a prop, set while rendering.
 */
function usePartsOf<P>(value: string, partsOf: (value: string) => P | null, build: (parts: P) => string, initial: P) {
  const [parts, setParts] = useState<P>(() => partsOf(value) ?? initial);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const parsed = partsOf(value);
    if (parsed && value !== build(parts)) setParts(parsed);
  }
  return [parts, setParts] as const;
}

function Part({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label fontSize="xs">{label}</Field.Label>
      {children}
    </Field.Root>
  );
}

function Choice(props: {
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return <OptionSelect size="sm" {...props} />;
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, text: value }));

/** Numbers as typed (an address being typed, a scale '0.' on its way to '0.5'); the text written takes them as numbers. */
type ModbusParts = Omit<ModbusAddress, 'address' | 'scale'> & { address: string; scale: string };

function modbusParts(value: string): ModbusParts | null {
  const address = parseModbusAddress(value);
  return address ? { ...address, address: String(address.address), scale: String(address.scale) } : null;
}

function buildModbus(parts: ModbusParts): string {
  const scale = Number(parts.scale.replace(',', '.'));
  return formatModbusAddress({
    ...parts,
    address: /^\d+$/.test(parts.address) ? Number(parts.address) : 0,
    scale: Number.isFinite(scale) && scale !== 0 ? scale : 1,
  });
}

function ModbusAddressEditor({ value, setValue, disabled }: { value: string; setValue: (value: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [parts, setParts] = usePartsOf(value, modbusParts, buildModbus, {
    area: 'hr',
    address: '0',
    bit: null,
    type: 'uint16',
    order: 'ABCD',
    counter: false,
    scale: '1',
  });
  const change = (changes: Partial<ModbusParts>) => {
    let next = { ...parts, ...changes };
    const bitArea = next.area === 'coil' || next.area === 'di';
    // Keep the parts a valid whole: bit areas and bits of registers are booleans, word orders only for 32-bit types,
    // counters only unsigned, no scale on booleans.
    if (bitArea) next = { ...next, bit: null };
    if (bitArea || next.bit !== null) next = { ...next, type: 'bool', counter: false, scale: '1' };
    else if (next.type === 'bool') next = { ...next, type: 'uint16' };
    if (next.type !== 'uint16' && next.type !== 'uint32') next = { ...next, counter: false };
    if (next.type !== 'int32' && next.type !== 'uint32' && next.type !== 'float32') next = { ...next, order: 'ABCD' };
    setParts(next);
    setValue(buildModbus(next));
  };
  const bitArea = parts.area === 'coil' || parts.area === 'di';
  const wide = parts.type === 'int32' || parts.type === 'uint32' || parts.type === 'float32';
  const valid = value === '' || parseModbusAddress(value) !== null;
  return (
    <Box data-testid="modbus-address-editor" borderWidth="1px" borderRadius="md" p="2" mt="1">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
        <Part label={t('opcSources.area')}>
          <Choice
            name="modbus-area"
            value={parts.area}
            options={MODBUS_AREAS.map((area) => ({ value: area, text: t(`opcSources.areas.${area}`) }))}
            onChange={(area) => change({ area: area as ModbusParts['area'] })}
            disabled={disabled}
          />
        </Part>
        <Part label={t('opcSources.address')}>
          <Input
            size="sm"
            name="modbus-address"
            inputMode="numeric"
            value={parts.address}
            disabled={disabled}
            onChange={(event) => change({ address: event.target.value.trim() })}
          />
        </Part>
        <Part label={t('opcSources.type')}>
          <Choice
            name="modbus-type"
            value={parts.type}
            options={plain(bitArea || parts.bit !== null ? ['bool'] : MODBUS_TYPES.filter((type) => type !== 'bool'))}
            onChange={(type) => change({ type: type as ModbusParts['type'] })}
            disabled={disabled || bitArea || parts.bit !== null}
          />
        </Part>
        <Part label={t('opcSources.bit')}>
          <Choice
            name="modbus-bit"
            value={parts.bit === null ? '' : String(parts.bit)}
            options={[
              { value: '', text: t('common.none') },
              ...Array.from({ length: 16 }, (_, bit) => ({ value: String(bit), text: String(bit) })),
            ]}
            onChange={(bit) => change({ bit: bit === '' ? null : Number(bit) })}
            disabled={disabled || bitArea}
          />
        </Part>
        <Part label={t('opcSources.wordOrder')}>
          <Choice
            name="modbus-order"
            value={parts.order}
            options={plain(WORD_ORDERS)}
            onChange={(order) => change({ order: order as ModbusParts['order'] })}
            disabled={disabled || !wide}
          />
        </Part>
        <Part label={t('opcSources.scale')}>
          <Input
            size="sm"
            name="modbus-scale"
            inputMode="decimal"
            value={parts.scale}
            disabled={disabled || parts.type === 'bool'}
            onChange={(event) => change({ scale: event.target.value.trim() })}
          />
        </Part>
        {/* A field of its own: inside the tagValue's field the checkbox would take that field's ids (its label would click the text input). */}
        <Field.Root alignSelf="end">
          <Checkbox.Root
            size="sm"
            name="modbus-counter"
            checked={parts.counter}
            disabled={disabled || (parts.type !== 'uint16' && parts.type !== 'uint32')}
            onCheckedChange={(details) => change({ counter: details.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('opcSources.counter')}</Checkbox.Label>
          </Checkbox.Root>
        </Field.Root>
      </SimpleGrid>
      {!valid && (
        <Text fontSize="xs" color="fg.error" mt="1" data-testid="tag-address-invalid">
          {t('opcSources.notModbus')}
        </Text>
      )}
    </Box>
  );
}

function MqttAddressEditor({ value, setValue, disabled }: { value: string; setValue: (value: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [parts, setParts] = usePartsOf(value, mqttAddressParts, formatMqttAddress, mqttAddressParts(''));
  const change = (changes: Partial<MqttAddressParts>) => {
    const next = { ...parts, ...changes };
    setParts(next);
    setValue(formatMqttAddress(next));
  };
  const text = (name: keyof MqttAddressParts, label: string, placeholder: string) => (
    <Part label={label}>
      <Input
        size="sm"
        name={`mqtt-${name}`}
        value={parts[name]}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => change({ [name]: event.target.value })}
      />
    </Part>
  );
  const valid = value === '' || parseMqttAddress(value) !== null;
  return (
    <Box data-testid="mqtt-address-editor" borderWidth="1px" borderRadius="md" p="2" mt="1">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
        <Part label={t('opcSources.payload')}>
          <Choice
            name="mqtt-kind"
            value={parts.kind}
            options={(['plain', 'json', 'sparkplug'] as const).map((kind) => ({ value: kind, text: t(`opcSources.kinds.${kind}`) }))}
            onChange={(kind) => change({ kind: kind as MqttAddressParts['kind'] })}
            disabled={disabled}
          />
        </Part>
        {parts.kind !== 'sparkplug' && text('topic', t('opcSources.topic'), 'plant/line1/state')}
        {parts.kind === 'json' && text('path', t('opcSources.jsonPath'), '$.value')}
        {parts.kind === 'json' && text('timePath', t('opcSources.timePath'), '$.ts')}
        {parts.kind === 'sparkplug' && text('group', t('opcSources.group'), 'Plant')}
        {parts.kind === 'sparkplug' && text('node', t('opcSources.node'), 'PLC1')}
        {parts.kind === 'sparkplug' && text('device', t('opcSources.device'), 'Line1')}
        {parts.kind === 'sparkplug' && text('metric', t('opcSources.metric'), 'Units')}
      </SimpleGrid>
      {!valid && (
        <Text fontSize="xs" color="fg.error" mt="1" data-testid="tag-address-invalid">
          {t('opcSources.notMqtt')}
        </Text>
      )}
    </Box>
  );
}
