// What a model call cost: the provider's price per 1000 input/output tokens, overridden per model when set.
export interface Prices {
  priceInPer1k: number;
  priceOutPer1k: number;
  /** { "<model>": { in, out } } per 1000 tokens. */
  modelPrices: unknown;
}

/** US dollars; null when the endpoint reported no token counts. */
export function callCost(p: Prices, model: string, tokensIn: number | null, tokensOut: number | null): number | null {
  if (tokensIn == null && tokensOut == null) return null;
  const override = (p.modelPrices as Record<string, { in?: unknown; out?: unknown }> | null)?.[model];
  const pin = typeof override?.in === 'number' ? override.in : p.priceInPer1k;
  const pout = typeof override?.out === 'number' ? override.out : p.priceOutPer1k;
  return ((tokensIn ?? 0) * pin + (tokensOut ?? 0) * pout) / 1000;
}
