/** Kroner as typed at the till ("250", "249,50") in øre; null when it is not an amount. */
export function oreFromKroner(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Notes a customer is likely to hand over: the total rounded up to 50, 100, 200 and 500 kr. */
export function likelyNotes(total: number): number[] {
  const ups = [5000, 10000, 20000, 50000].map((step) => Math.ceil(total / step) * step);
  return [...new Set(ups)].filter((amount) => amount > total).slice(0, 3);
}
