import { resources, type TextTree } from '@club/shared/i18n/resources';
import { REPORT_TOTALS, type TReportTotal } from '@club/shared/reports';
import type { Page, Response } from '@playwright/test';

/**
 * The check every end-to-end test runs on what its screens showed (fixtures.ts): no text key
 * in place of its words, and no money in øre printed as if it were kroner (`Tilbakebetalt 3 900`
 * for kr 39,00). The page collects the text a person or a screen reader meets — visible text
 * outside charts, and accessible names, as each screen settles; the test's side knows the
 * catalogue's keys and the money the page was sent, and judges at the end of the test.
 *
 * Made so that ordinary text cannot trip it: a key is a dotted word that is a key of the
 * catalogue, or has the shape of one under one of the catalogue's own groups (`pay.method.x`),
 * never an e-mail, a file or a web address; øre-as-kroner is only an amount the server sent
 * (≥ 1 000 øre) showing up as a whole number without its øre, never any other number.
 */

/** Every key of the catalogue in both languages; a plural's `_one`/`_other` also as its base. */
function keysOf(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value !== 'string') return keysOf(value, path);
    const plural = /_(zero|one|two|few|many|other)$/.exec(path);
    return plural ? [path, path.slice(0, plural.index)] : [path];
  });
}

const KEYS = new Set([...keysOf(resources.nb.translation), ...keysOf(resources.en.translation)]);
const GROUPS = new Set([...Object.keys(resources.nb.translation), ...Object.keys(resources.en.translation)]);
// a dotted word, not part of an address (`nora.1@example.no`, `/assets/x.js`, `club.no/table`)
const DOTTED = /(?<![\w@./:-])([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)(?![\w@/:-]|\.\w)/g;

/** The texts that are (or look like) the catalogue's keys shown raw. */
export function rawKeys(text: string): string[] {
  return [...text.matchAll(DOTTED)]
    .map((m) => m[1] as string)
    .filter((token) => {
      if (KEYS.has(token)) return true;
      const [group, ...rest] = token.split('.');
      return GROUPS.has(group ?? '') && rest.every((part) => /^[a-z0-9_]+$/.test(part));
    });
}

/** Fields of the API's answers that hold money (øre), by name. */
const MONEY_FIELDS = new Set([
  'amount',
  'total',
  'subtotal',
  'revenue',
  'refunds',
  'net',
  'gross',
  'vat',
  'discount_amount',
  'net_sales',
  'cash_sales',
  'grand_total',
  'float',
  'withdrawals',
  'deposits',
  'expected',
  'counted',
  'difference',
  'received',
  'change',
  'spent',
  'unpaid',
  'price',
  'unit_price',
  'price_per_minute',
  'table_time',
  'kiosk',
]);
const REPORT_MONEY: ReadonlySet<string> = new Set(
  (Object.entries(REPORT_TOTALS) as [TReportTotal, string][]).filter(([, type]) => type === 'money').map(([k]) => k),
);

/** Adds the amounts (øre, at least kr 10,00) in an answer of the API to `into`. */
export function moneyIn(value: unknown, into: Set<number>, key = ''): void {
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(key) && Number.isInteger(value) && Math.abs(value) >= 1000) into.add(Math.abs(value));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) moneyIn(item, into, key);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  // a report's table says which of its columns are money; its totals are typed by name
  const columns = Array.isArray(record.columns) ? (record.columns as { key?: unknown; type?: unknown }[]) : null;
  const moneyColumns = new Set(columns?.filter((c) => c.type === 'money').map((c) => String(c.key)) ?? []);
  for (const [k, v] of Object.entries(record)) {
    if (k === 'rows' && Array.isArray(v) && moneyColumns.size > 0) {
      for (const row of v as Record<string, unknown>[])
        for (const c of moneyColumns) if (typeof row[c] === 'number') moneyIn(row[c], into, 'amount');
    } else if (k === 'totals' && typeof v === 'object' && v !== null && 'sections' in record) {
      for (const [total, n] of Object.entries(v)) moneyIn(n, into, REPORT_MONEY.has(total) ? 'amount' : '');
    } else moneyIn(v, into, k);
  }
}

const group = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The amounts (øre) that a text prints as whole kroner: `146 350`, `146,350` or `146350` for kr 1 463,50. */
export function oreAsKroner(text: string, amounts: ReadonlySet<number>): number[] {
  return [...amounts].filter((ore) => {
    const forms = [group(ore, ' '), group(ore, '\u00a0'), group(ore, ',')];
    // a plain number of four digits may be a year or a member's number; five and more are not
    if (ore >= 10_000) forms.push(String(ore));
    const alternatives = [...new Set(forms)].map(literal).join('|');
    // whole: no digit or decimal part around it (`kr 1 463,50`, a phone's `912 34 567` are not it)
    return new RegExp(`(?<![\\d.,])(?<!\\d[\\s\\u00a0])(?:${alternatives})(?![\\s\\u00a0]?\\d)(?![.,]\\d)`).test(text);
  });
}

/** In the page, before any script: gathers the texts shown as each screen settles. */
function collectTexts(): void {
  const seen = new Set<string>();
  const skip = 'script, style, noscript, template, svg';
  const collect = () => {
    if (!document.body) return;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest(skip)) continue;
      // visually hidden text counts: a screen reader reads it
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      seen.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (element.closest(skip) || !element.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) seen.add(value);
      }
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(collect, 200);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  Object.assign(window, {
    __screenTexts: () => {
      collect();
      return [...seen];
    },
    __forgetScreenTexts: () => seen.clear(),
  });
}

/** Watches one page: the texts its screens showed and the money the API sent it. */
export interface ScreenTexts {
  /** what the screens showed that is a raw key or øre as kroner, in words for the failure */
  findings: () => Promise<string[]>;
  /** forgets what was seen so far (a test that shows a raw key on purpose) */
  forget: () => Promise<void>;
}

export async function watchScreenTexts(page: Page): Promise<ScreenTexts> {
  const amounts = new Set<number>();
  const onResponse = async (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/v1/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    try {
      moneyIn(await response.json(), amounts);
    } catch {
      // a page that went away, or an answer without a body
    }
  };
  page.on('response', onResponse);
  await page.addInitScript(collectTexts);
  const texts = async () => {
    if (page.isClosed()) return [];
    try {
      return await page.evaluate(
        () => (window as unknown as { __screenTexts?: () => string[] }).__screenTexts?.() ?? [],
      );
    } catch {
      return [];
    }
  };
  return {
    findings: async () => {
      const found = new Set<string>();
      for (const text of await texts()) {
        for (const key of rawKeys(text)) found.add(`a text key on screen: "${key}" in "${text}"`);
        for (const ore of oreAsKroner(text, amounts)) found.add(`øre printed as kroner: ${ore} øre in "${text}"`);
      }
      return [...found];
    },
    forget: async () => {
      if (!page.isClosed())
        await page.evaluate(() => (window as unknown as { __forgetScreenTexts?: () => void }).__forgetScreenTexts?.());
    },
  };
}
