// A PDF's text read back with PDF.js (pdfjs-dist), page by page, for tests of printed documents:
// the runs of each page joined by spaces, whitespace squeezed.

import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfText {
  readonly pages: number;
  /** Every page's text, in order, joined by spaces. */
  readonly text: string;
  readonly title: string | null;
  readonly lang: string | null;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // PDF.js takes the buffer over: give it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const meta = await pdf.getMetadata();
  const info = meta.info as { Title?: string; Language?: string };
  await pdf.destroy();
  return {
    pages: texts.length,
    text: texts.join(" ").replace(/\s+/g, " "),
    title: info.Title ?? null,
    lang: info.Language ?? null,
  };
}
