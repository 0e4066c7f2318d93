/**
 * Prints rows of cells as an aligned plain-text table (no colours, so logs stay readable):
 * the first `textColumns` columns left-aligned, the rest (figures) right-aligned.
 */
export function printTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 1,
): void {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column < textColumns ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '─'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
