import { DataType, Variant, VariantArrayType } from 'node-opcua';
import { describe, expect, it } from 'vitest';
import { tagValueOfVariant } from './variant-values';

describe('values of OPC UA variants for scripts', () => {
  it('keeps booleans, numbers and strings', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Boolean, value: true }))).toBe(true);
    expect(tagValueOfVariant(new Variant({ dataType: DataType.UInt32, value: 4_000_000_000 }))).toBe(4_000_000_000);
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Double, value: 1.5 }))).toBe(1.5);
    expect(tagValueOfVariant(new Variant({ dataType: DataType.String, value: 'OK' }))).toBe('OK');
  });

  it('reads Int64 and UInt64 words as bigints, signed for Int64', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.UInt64, arrayType: VariantArrayType.Scalar, value: [1, 5] }))).toBe(
      4_294_967_301n,
    );
    expect(
      tagValueOfVariant(new Variant({ dataType: DataType.Int64, arrayType: VariantArrayType.Scalar, value: [0xffffffff, 0xfffffffe] })),
    ).toBe(-2n);
  });

  it('has no usable value for arrays and structures, and null for an empty variant', () => {
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Double, arrayType: VariantArrayType.Array, value: [1, 2] }))).toBeUndefined();
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Guid, value: '72962B91-FA75-4AE6-8D28-B404DC7DAF63' }))).toBeUndefined();
    expect(tagValueOfVariant(new Variant({ dataType: DataType.Null }))).toBe(null);
  });
});
