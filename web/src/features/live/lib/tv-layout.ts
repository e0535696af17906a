/**
 * The wall TV's grid on a screen it must fill without scrolling (nobody scrolls a wall):
 * how many columns give every table the largest card. A card reads best at about
 * `CARD_ASPECT` wide to one high (name, status, time and seats beside the QR code), so a
 * layout is as good as the largest such card that fits in each of its cells.
 */
export const CARD_ASPECT = 2.1;
/**
 * Rows are never taller than a third of the board: a club with one or two tables gets
 * cards of a sensible size at the top, not one card as high as the screen.
 */
export const MIN_ROWS = 3;

export interface TvGrid {
  columns: number;
  rows: number;
}

export function tvGrid(width: number, height: number, gap: number, tables: number): TvGrid {
  const count = Math.max(1, tables);
  let best: TvGrid & { fit: number } = { columns: 1, rows: Math.max(MIN_ROWS, count), fit: -1 };
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.max(MIN_ROWS, Math.ceil(count / columns));
    const cellWidth = (width - (columns - 1) * gap) / columns;
    const cellHeight = (height - (rows - 1) * gap) / rows;
    const fit = Math.min(cellWidth / CARD_ASPECT, cellHeight);
    if (fit > best.fit) best = { columns, rows, fit };
  }
  return { columns: best.columns, rows: best.rows };
}
