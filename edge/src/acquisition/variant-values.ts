import { DataType, type Variant, VariantArrayType } from 'node-opcua';
import type { TagValue } from '../domain/script';

/**
 * The value scripts compute with, from what OPC UA delivers. Scalars of the tag types SPEC.md lists become
 * booleans, numbers, bigints (Int64/UInt64, which node-opcua hands over as [high, low] words) or strings; anything
 * else (arrays, structures, byte strings) has no value a script could use: `undefined`, stored as a bad reading with
 * UNSUPPORTED_STATUS. (A plain value, not a result object: this runs for every value a subscription delivers.)
 */
export const UNSUPPORTED_STATUS = 'BadTypeMismatch';

export function tagValueOfVariant(variant: Variant | null | undefined): TagValue | undefined {
  if (!variant || variant.dataType === DataType.Null) return null;
  if (variant.arrayType !== VariantArrayType.Scalar) return undefined;
  const value: unknown = variant.value;
  switch (variant.dataType) {
    case DataType.Boolean:
      return Boolean(value);
    case DataType.SByte:
    case DataType.Byte:
    case DataType.Int16:
    case DataType.UInt16:
    case DataType.Int32:
    case DataType.UInt32:
    case DataType.Float:
    case DataType.Double:
      return typeof value === 'number' ? value : undefined;
    case DataType.Int64:
    case DataType.UInt64:
      return int64Value(value, variant.dataType === DataType.Int64);
    case DataType.String:
      return typeof value === 'string' || value === null ? value : undefined;
    case DataType.DateTime:
      return value instanceof Date ? value.getTime() : undefined;
    case DataType.LocalizedText:
      return (value as { text?: string | null } | null)?.text ?? null;
    default:
      return undefined;
  }
}

function int64Value(value: unknown, signed: boolean): TagValue | undefined {
  if (typeof value === 'number') return value;
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [high, low] = value as [number, number];
  const word = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
  return signed ? BigInt.asIntN(64, word) : word;
}
