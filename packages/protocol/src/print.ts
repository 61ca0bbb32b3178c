// The printed documents' HTTP contract (docs/api.md "Printing"): the language asked for, and the
// PDF answer as the OpenAPI document describes it.

import { type Static, Type } from "typebox";

export const PRINT_LANGUAGE = Type.Union([Type.Literal("ru"), Type.Literal("uk"), Type.Literal("en")]);

/** ?lang=ru|uk|en: the sheet's language; absent, the request's Accept-Language (else ru). */
export const PrintQuery = Type.Object(
  { lang: Type.Optional(PRINT_LANGUAGE) },
  { additionalProperties: false },
);
export type PrintQuery = Static<typeof PrintQuery>;

/** A PDF answer (A4), as a download. */
export const PdfFile = (description: string) => ({
  content: { "application/pdf": { schema: Type.String({ format: "binary", description }) } },
});
