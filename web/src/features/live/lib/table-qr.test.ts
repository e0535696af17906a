import { describe, expect, it } from 'vitest';
import { tableQrSvg } from './table-qr.ts';

describe('tableQrSvg', () => {
  it('draws on the page where no worker starts, each code for its own text', async () => {
    expect(typeof Worker).toBe('undefined');
    const [one, two] = await Promise.all([
      tableQrSvg('https://club.example/table/1'),
      tableQrSvg('https://club.example/table/2'),
    ]);
    expect(one).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(one).toContain('<path');
    expect(two).not.toBe(one);
  });
});
