/** A whole number as typed, or the text itself so the schema can say what is wrong. */
export function wholeOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : text;
}
