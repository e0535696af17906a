import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The table statuses' colours (free, playing, paused, closed) must be told apart at a glance
 * on the dark floor plan: CIEDE2000 ≥ 20 between every pair, read from the stylesheet itself.
 */
const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');
const STATUSES = ['free', 'playing', 'paused', 'closed'] as const;

function themeBlock(selector: string): string {
  const start = css.indexOf(selector);
  return css.slice(start, css.indexOf('}', start));
}

function statusColours(block: string): Record<(typeof STATUSES)[number], string> {
  const colour = (status: string) => {
    const match = new RegExp(`--status-${status}:\\s*(#[0-9a-f]{6})`, 'i').exec(block);
    if (!match?.[1]) throw new Error(`--status-${status} missing`);
    return match[1];
  };
  return { free: colour('free'), playing: colour('playing'), paused: colour('paused'), closed: colour('closed') };
}

/** sRGB hex → CIE L*a*b* (D65). */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference. */
function deltaE2000(one: string, two: string): number {
  const [l1, a1, b1] = lab(one);
  const [l2, a2, b2] = lab(two);
  const rad = Math.PI / 180;
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const [ap1, ap2] = [a1 * (1 + g), a2 * (1 + g)];
  const [cp1, cp2] = [Math.hypot(ap1, b1), Math.hypot(ap2, b2)];
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const [hp1, hp2] = [hue(b1, ap1), hue(b2, ap2)];
  const dL = l2 - l1;
  const dC = cp2 - cp1;
  let dh = hp2 - hp1;
  if (cp1 * cp2 === 0) dh = 0;
  else if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * rad);
  const lBar = (l1 + l2) / 2;
  const cpBar = (cp1 + cp2) / 2;
  let hBar = hp1 + hp2;
  if (cp1 * cp2 !== 0) hBar = Math.abs(hp1 - hp2) > 180 ? (hp1 + hp2 + 360) / 2 : (hp1 + hp2) / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * rad) +
    0.24 * Math.cos(2 * hBar * rad) +
    0.32 * Math.cos((3 * hBar + 6) * rad) -
    0.2 * Math.cos((4 * hBar - 63) * rad);
  const sL = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sC = 1 + 0.045 * cpBar;
  const sH = 1 + 0.015 * cpBar * t;
  const rT =
    -2 * Math.sqrt(cpBar ** 7 / (cpBar ** 7 + 25 ** 7)) * Math.sin(60 * Math.exp(-(((hBar - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

describe('table status colours', () => {
  it('computes CIEDE2000 as the reference pairs say', () => {
    // Sharma, Wu & Dalal (2005), pair 1 and a known sRGB pair
    expect(deltaE2000('#000000', '#ffffff')).toBeCloseTo(100, 0);
    expect(deltaE2000('#ff0000', '#ff0000')).toBe(0);
  });

  it('differ by ΔE2000 ≥ 20 between every pair on the dark theme', () => {
    const colours = statusColours(themeBlock('[data-theme="dark"]'));
    for (const [i, one] of STATUSES.entries()) {
      for (const two of STATUSES.slice(i + 1)) {
        expect(deltaE2000(colours[one], colours[two]), `${one} vs ${two}`).toBeGreaterThanOrEqual(20);
      }
    }
  });
});
