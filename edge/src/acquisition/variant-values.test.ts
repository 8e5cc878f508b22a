import { DataType, Variant, VariantArrayType } from 'node-opcua';
import { describe, expect, it } from 'vitest';
import { tagValueOfVariant } from './variant-values';

describe('values of OPC UA variants for scripts', () => {
  it('keeps booleans, numbers and strings', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Boolean, value: true }))).toEqual({ ok: true, value: true });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.UInt32, value: 4_000_000_000 }))).toEqual({ ok: true, value: 4_000_000_000 });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Double, value: 1.5 }))).toEqual({ ok: true, value: 1.5 });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.String, value: 'OK' }))).toEqual({ ok: true, value: 'OK' });
  });

  it('reads Int64 and UInt64 words as bigints, signed for Int64', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.UInt64, arrayType: VariantArrayType.Scalar, value: [1, 5] }))).toEqual({ ok: true, value: 4_294_967_301n });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Int64, arrayType: VariantArrayType.Scalar, value: [0xffffffff, 0xfffffffe] }))).toEqual({ ok: true, value: -2n });
  });

  it('has no usable value for arrays and structures, and null for an empty variant', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Double, arrayType: VariantArrayType.Array, value: [1, 2] }))).toEqual({ ok: false, status: 'BadTypeMismatch' });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Guid, value: '72962B91-FA75-4AE6-8D28-B404DC7DAF63' }))).toEqual({ ok: false, status: 'BadTypeMismatch' });
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Null }))).toEqual({ ok: true, value: null });
  });
});
