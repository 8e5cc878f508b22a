import { DataType, type Variant, VariantArrayType } from 'node-opcua';
import type { TagValue } from '../domain/script';

/**
 * The value scripts compute with, from what OPC UA delivers. Scalars of the tag types SPEC.md lists become
 * booleans, numbers, bigints (Int64/UInt64, which node-opcua hands over as [high, low] words) or strings; anything
 * else (arrays, structures, byte strings) has no value a script could use.
 */
export type ConvertedValue = { ok: true; value: TagValue } | { ok: false; status: string };

const UNSUPPORTED: ConvertedValue = { ok: false, status: 'BadTypeMismatch' };

export function tagValueOfVariant(variant: Variant | null | undefined): ConvertedValue {
  if (!variant || variant.dataType === DataType.Null) return { ok: true, value: null };
  if (variant.arrayType !== VariantArrayType.Scalar) return UNSUPPORTED;
  const value: unknown = variant.value;
  switch (variant.dataType) {
    case DataType.Boolean:
      return { ok: true, value: Boolean(value) };
    case DataType.SByte:
    case DataType.Byte:
    case DataType.Int16:
    case DataType.UInt16:
    case DataType.Int32:
    case DataType.UInt32:
    case DataType.Float:
    case DataType.Double:
      return typeof value === 'number' ? { ok: true, value } : UNSUPPORTED;
    case DataType.Int64:
    case DataType.UInt64:
      return int64Value(value, variant.dataType === DataType.Int64);
    case DataType.String:
      return typeof value === 'string' || value === null ? { ok: true, value: value as string | null } : UNSUPPORTED;
    case DataType.DateTime:
      return value instanceof Date ? { ok: true, value: value.getTime() } : UNSUPPORTED;
    case DataType.LocalizedText:
      return { ok: true, value: (value as { text?: string | null } | null)?.text ?? null };
    default:
      return UNSUPPORTED;
  }
}

function int64Value(value: unknown, signed: boolean): ConvertedValue {
  if (typeof value === 'number') return { ok: true, value };
  if (!Array.isArray(value) || value.length !== 2) return UNSUPPORTED;
  const [high, low] = value as [number, number];
  const word = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
  return { ok: true, value: signed ? BigInt.asIntN(64, word) : word };
}
