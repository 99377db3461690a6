/** Readers of v3 record fields used by the tests (document, Resources > Request record (v3)). */

export function originChain(r: any): number {
  return r.data.route.actual.origin.inputCurrency.currency.chainId;
}
export function destinationChain(r: any): number {
  const a = r.data.route.actual;
  return (a.destination ?? a.origin).outputCurrency.currency.chainId;
}
export function inSymbol(r: any): string {
  return r.data.route.actual.origin.inputCurrency.currency.symbol;
}
export function amountUsd(r: any): number {
  return Number(r.data.route.actual.origin.inputCurrency.amountUsd);
}
