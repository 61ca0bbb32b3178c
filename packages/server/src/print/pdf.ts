// The print layer (docs/club-nights.md "Printing"): a document as a list of blocks (a title, lines,
// headings, tables, a signature line) laid out on A4 pages by pdfkit, with DejaVu Sans embedded
// (subset) so Cyrillic prints on any machine. Every printed sheet (a game's protocol, a round's
// seating, a tournament's standings) is blocks; a table of rows alone is one call: `tablePdf`.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

export type Block =
  /** A heading over what follows. */
  | { readonly kind: "heading"; readonly text: string }
  /** Lines of text, each its own paragraph. */
  | { readonly kind: "lines"; readonly lines: readonly string[] }
  /** A table: the first row is the header; `widths` are the columns' shares of the page (default even). */
  | {
      readonly kind: "table";
      readonly header: readonly string[];
      readonly rows: readonly (readonly string[])[];
      readonly widths?: readonly number[];
    }
  /** A line to sign on, with its label under it. */
  | { readonly kind: "signature"; readonly label: string };

export interface PrintDocument {
  /** The sheet's title, printed first and set as the PDF's title. */
  readonly title: string;
  /** BCP 47 language of the text (the PDF's /Lang: screen readers and search). */
  readonly lang: string;
  readonly blocks: readonly Block[];
}

const require = createRequire(import.meta.url);
/**
 * DejaVu Sans: every Latin and Cyrillic letter (Ukrainian ґ є і ї too), from an npm package so a
 * fresh install has it; read once, embedded (as a subset) in every document.
 */
const FONTS = {
  regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
  bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
};

const MARGIN = 40;
const SIZE = { title: 16, heading: 12, text: 9.5 };

/** The document as a PDF (A4, portrait). */
export function renderPdf(document: PrintDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: document.lang,
    displayTitle: true,
    info: { Title: document.title, Creator: "Misto" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", FONTS.regular);
  pdf.registerFont("bold", FONTS.bold);
  pdf.font("bold").fontSize(SIZE.title).text(document.title);
  pdf.moveDown(0.5);
  for (const block of document.blocks) draw(pdf, block);
  pdf.end();
  return done;
}

/** A sheet that is one table: a title, optional lines under it, the rows. */
export function tablePdf(
  sheet: { title: string; lang: string; lines?: readonly string[] },
  table: { header: readonly string[]; rows: readonly (readonly string[])[]; widths?: readonly number[] },
): Promise<Buffer> {
  const blocks: Block[] = [];
  if (sheet.lines?.length) blocks.push({ kind: "lines", lines: sheet.lines });
  blocks.push({ kind: "table", ...table });
  return renderPdf({ title: sheet.title, lang: sheet.lang, blocks });
}

const contentWidth = (pdf: PDFKit.PDFDocument) => pdf.page.width - 2 * MARGIN;

function draw(pdf: PDFKit.PDFDocument, block: Block): void {
  pdf.x = MARGIN;
  switch (block.kind) {
    case "heading":
      // A heading never ends a page alone: room for it and a few lines, or a new page.
      if (pdf.y + 60 > pdf.page.height - MARGIN) pdf.addPage();
      pdf.moveDown(0.6).font("bold").fontSize(SIZE.heading).text(block.text).moveDown(0.2);
      return;
    case "lines":
      pdf.font("regular").fontSize(SIZE.text);
      for (const line of block.lines) pdf.text(line, { width: contentWidth(pdf) });
      return;
    case "table":
      drawTable(pdf, block);
      return;
    case "signature": {
      if (pdf.y + 60 > pdf.page.height - MARGIN) pdf.addPage();
      pdf.moveDown(2.5);
      const y = pdf.y;
      pdf
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + 220, y)
        .lineWidth(0.7)
        .stroke();
      pdf
        .font("regular")
        .fontSize(SIZE.text)
        .text(block.label, MARGIN, y + 4);
      return;
    }
  }
}

const PAD = { x: 4, y: 2.5 };

/**
 * A table, row by row: each cell's text wrapped to its column, the row as tall as its tallest cell,
 * a row that does not fit starting a new page under the header again. (pdfkit's own table measures
 * every cell several times: five times slower on a protocol.)
 */
function drawTable(pdf: PDFKit.PDFDocument, table: Extract<Block, { kind: "table" }>): void {
  const width = contentWidth(pdf);
  const shares = table.widths ?? table.header.map(() => 1);
  const total = shares.reduce((s, x) => s + x, 0);
  const widths = shares.map((share) => (width * share) / total);
  const row = (cells: readonly string[], bold: boolean) => {
    pdf.font(bold ? "bold" : "regular").fontSize(SIZE.text);
    const heights = cells.map((text, i) => pdf.heightOfString(text, { width: (widths[i] ?? 0) - 2 * PAD.x }));
    const height = Math.max(...heights) + 2 * PAD.y;
    if (pdf.y + height > pdf.page.height - MARGIN) {
      pdf.addPage();
      if (!bold) row(table.header, true);
      pdf.font("regular").fontSize(SIZE.text);
    }
    const top = pdf.y;
    let x = MARGIN;
    if (bold) pdf.rect(MARGIN, top, width, height).fill("#e8e8e8").fillColor("black");
    for (const [i, text] of cells.entries()) {
      const w = widths[i] ?? 0;
      pdf.rect(x, top, w, height).lineWidth(0.5).strokeColor("#888888").stroke();
      pdf.text(text, x + PAD.x, top + PAD.y, { width: w - 2 * PAD.x });
      x += w;
    }
    pdf.x = MARGIN;
    pdf.y = top + height;
  };
  row(table.header, true);
  for (const cells of table.rows) row(cells, false);
  pdf.moveDown(0.3);
}
