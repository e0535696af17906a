import type { TReportSection } from '@club/shared/reports';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, reportCsv } from './csv.ts';

const section: TReportSection = {
  id: 'top_spenders',
  columns: [
    { key: 'name', type: 'text' },
    { key: 'method', type: 'text' },
    { key: 'total', type: 'money' },
    { key: 'utilisation', type: 'percent' },
    { key: 'orders', type: 'int' },
  ],
  rows: [
    { name: 'Nora Nybegynner', method: 'physical', total: 123450, utilisation: 12.5, orders: 3 },
    { name: '=HYPERLINK("https://evil.example","Klikk")', method: 'system', total: 0, utilisation: 0, orders: 1 },
    { name: 'Ås; Bø', method: 'vipps', total: 99, utilisation: null, orders: 0 },
  ],
};

describe('report CSV', () => {
  it('Norwegian Excel: BOM, `;`, headers and codes in words, kroner with a decimal comma', () => {
    const text = reportCsv(section, { dialect: 'excel', locale: 'nb' });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Navn;Betalingsmåte;Sum;Belegg;Bestillinger');
    expect(lines[1]).toBe('Nora Nybegynner;Kort i kiosken;1234,50;12,5;3');
    expect(lines[3]).toBe('"Ås; Bø";Vipps-appen;0,99;;0');
  });

  it('English Excel: English headers, `,` and a decimal point', () => {
    const lines = reportCsv(section, { dialect: 'excel', locale: 'en' }).slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Payment method,Total,Utilisation,Orders');
    expect(lines[1]).toBe('Nora Nybegynner,Card at the kiosk,1234.50,12.5,3');
  });

  it('a negative amount stays a number a spreadsheet adds up, in both languages', () => {
    const refunds: TReportSection = { ...section, rows: [{ ...section.rows[0]!, total: -1200, utilisation: -2.5 }] };
    const nb = reportCsv(refunds, { dialect: 'excel', locale: 'nb' }).slice(1).trimEnd().split('\r\n');
    expect(nb[1]).toBe('Nora Nybegynner;Kort i kiosken;-12,00;-2,5;3');
    const en = reportCsv(refunds, { dialect: 'excel', locale: 'en' }).slice(1).trimEnd().split('\r\n');
    expect(en[1]).toBe('Nora Nybegynner,Card at the kiosk,-12.00,-2.5,3');
  });

  it('rfc4180: keys, øre and codes as they are, no BOM', () => {
    const lines = reportCsv(section, { dialect: 'rfc4180', locale: 'nb' }).trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,method,total,utilisation,orders');
    expect(lines[1]).toBe('Nora Nybegynner,physical,123450,12.5,3');
    expect(lines[3]).toBe('Ås; Bø,vipps,99,,0');
  });

  it('a text that starts a formula is made plain text in both dialects', () => {
    for (const dialect of ['excel', 'rfc4180'] as const) {
      const text = reportCsv(section, { dialect, locale: 'nb' });
      expect(text, dialect).toContain(`"'=HYPERLINK(""https://evil.example"",""Klikk"")"`);
      expect(text, dialect).not.toMatch(/(^|[;,\n])"?=HYPERLINK/);
    }
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutraliseFormula('Nora')).toBe('Nora');
    expect(neutraliseFormula('')).toBe('');
  });
});
