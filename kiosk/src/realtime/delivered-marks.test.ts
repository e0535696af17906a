import { describe, expect, it } from 'vitest';
import { createDeliveredMarks, MARK_AFTER_MS } from './delivered-marks.ts';

describe('delivered marks', () => {
  it('are written in one go, MARK_AFTER_MS after the first waiting one', async () => {
    const written: number[][] = [];
    let due = 0;
    const marks = createDeliveredMarks({
      markDelivered: async (ids) => {
        written.push(ids);
      },
      onDue: () => due++,
    });
    marks.add([1, 2]);
    marks.soon();
    marks.add([3]);
    marks.soon();
    await new Promise((r) => setTimeout(r, MARK_AFTER_MS + 50));
    expect(due).toBe(1);
    expect(marks.due).toBe(true);
    await marks.write();
    expect(written).toEqual([[1, 2, 3]]);
    expect(marks.due).toBe(false);
  });

  it('keep the marks of a failed write for the next one', async () => {
    let fail = true;
    const written: number[][] = [];
    const marks = createDeliveredMarks({
      markDelivered: async (ids) => {
        if (fail) throw new Error('the database is away');
        written.push(ids);
      },
      onDue: () => {},
    });
    marks.add([1]);
    await expect(marks.write()).rejects.toThrow('away');
    marks.add([2]);
    fail = false;
    await marks.write();
    expect(written).toEqual([[1, 2]]);
  });
});
