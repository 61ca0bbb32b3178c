// CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted when it holds a comma,
// a quote or a line break (its quotes doubled). A text field that a spreadsheet would run as a
// formula (starting with = + - @ or a tab) is prefixed with an apostrophe (OWASP's advice).

export type CsvValue = string | number | null;

export function csvField(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as one CSV document, the header first. */
export function csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
