import { describe, expect, it } from 'vitest';
import { callCost } from './pricing';

describe('call cost', () => {
  const p = { priceInPer1k: 0.5, priceOutPer1k: 1.5, modelPrices: { big: { in: 10, out: 30 } } };
  it('uses the provider price per 1000 tokens', () => {
    expect(callCost(p, 'small', 2000, 1000)).toBeCloseTo(1 + 1.5, 10);
  });
  it('lets a model override the price', () => {
    expect(callCost(p, 'big', 100, 10)).toBeCloseTo(1 + 0.3, 10);
  });
  it('is unknown when the endpoint reports no tokens, and zero for a free endpoint', () => {
    expect(callCost(p, 'small', null, null)).toBeNull();
    expect(callCost({ priceInPer1k: 0, priceOutPer1k: 0, modelPrices: {} }, 'x', 10, 10)).toBe(0);
  });
});
