/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price_data][currency]=nok`, `metadata[order_id]=7`). Numeric keys make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    if (path.length === 0) continue;
    let node: Record<string, FormValue> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const existing = node[part];
      const child = typeof existing === 'object' && existing !== null ? existing : {};
      node[part] = child;
      node = child as Record<string, FormValue>;
    });
  }
  return arraysFromIndexes(root) as Record<string, FormValue>;
}

/** `{ "0": a, "1": b }` becomes `[a, b]`, all the way down. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arraysFromIndexes(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  return Object.fromEntries(entries);
}
