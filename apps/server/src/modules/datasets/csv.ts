/**
 * CSV as RFC 4180 writes it: fields separated by commas, quoted when they hold a comma, a quote or a line
 * break, quotes doubled inside. Reading also takes LF line ends, a UTF-8 BOM and a last line without a break.
 */

/** The rows of a CSV text, each a list of cells; undefined when a quoted field never closes. */
export function parseCsv(text: string): string[][] | undefined {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < input.length; index += 1) {
    const character = input[index];
    if (isQuoted) {
      if (character !== '"') cell += character;
      else if (input[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else isQuoted = false;
    } else if (character === '"' && cell === '') isQuoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && input[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (isQuoted) return undefined;
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value !== ''));
}

/**
 * A cell for a spreadsheet: quoted when needed. A text starting with =, +, - or @ gets a leading apostrophe so
 * a spreadsheet shows it instead of running it as a formula (numbers are written as they are).
 */
function csvCellOf(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV text of rows, CRLF line ends as RFC 4180 says. */
export function toCsv(rows: (string | number)[][]): string {
  return `${rows.map((cells) => cells.map(csvCellOf).join(',')).join('\r\n')}\r\n`;
}
