// `npm run schema`: writes docs/record.schema.json, the record's JSON Schema as tools outside Misto
// read it, from the built record package (the test "is published as docs/record.schema.json" fails
// while the file is not current).

import { writeFileSync } from "node:fs";
import { recordSchemaJson } from "@misto/record";

const file = new URL("../../../docs/record.schema.json", import.meta.url);
writeFileSync(file, recordSchemaJson());
console.log(`wrote ${file.pathname}`);
