import { describe, expect, it } from 'vitest';
import { counterState } from './field-counter';

describe("the reason text counter ('Utilizados {n} de 40 caracteres')", () => {
  it('counts characters (not UTF-16 units) and turns red only beyond the limit', () => {
    expect(counterState('', 40)).toEqual({ used: 0, over: false });
    expect(counterState('a'.repeat(40), 40)).toEqual({ used: 40, over: false });
    expect(counterState('a'.repeat(41), 40)).toEqual({ used: 41, over: true });
    expect(counterState('Falla de señal 🚨', 40).used).toBe(16);
    expect(counterState(null, 40)).toEqual({ used: 0, over: false });
  });
});
