import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { parseInput, readKey, readValues } from './request-input';

const schema = z.object({
  name: z.string().trim().min(1).max(5),
  count: z.number().int().min(1).max(9),
  line: z.number().min(1, 'resource.lineRange'),
});

function errorOf(input: unknown): AppError {
  try {
    parseInput(schema, input);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation error');
}

describe('request input', () => {
  it('says required for a missing field and not valid for a value of the wrong type', () => {
    const error = errorOf({ count: 'abc', line: 2 });
    expect(error.status).toBe(400);
    expect(error.fields?.name?.key).toBe('validation.required');
    expect(error.fields?.count?.key).toBe('validation.invalid');
  });

  it('uses the schema message when it is a catalogue key, and the limits for lengths and ranges', () => {
    const error = errorOf({ name: 'toolong', count: 12, line: 0 });
    expect(error.fields?.name).toMatchObject({ key: 'validation.maxLength', params: { max: 5 } });
    expect(error.fields?.count).toMatchObject({ key: 'validation.max', params: { max: 9 } });
    expect(error.fields?.line?.key).toBe('resource.lineRange');
  });

  it('reads values and key from form fields holding JSON, from a JSON body, or the body itself', () => {
    expect(readValues({ values: '{"a":1}' })).toEqual({ a: 1 });
    expect(readValues({ values: { a: 1 } })).toEqual({ a: 1 });
    expect(readValues({ a: 1 })).toEqual({ a: 1 });
    // A plain key stays text: the resource converts it by its column's kind (plain digits only for a number key).
    expect(readKey({ key: '7' })).toBe('7');
    expect(readKey({ key: 7 })).toBe(7);
    expect(readKey({}, { key: 'ABC-1' })).toBe('ABC-1');
    expect(readKey({ key: '{"code":"P1","lineID":2}' })).toEqual({ code: 'P1', lineID: 2 });
    expect(() => readValues({ values: '{broken' })).toThrow(AppError);
    expect(() => readKey({})).toThrow(AppError);
  });
});
