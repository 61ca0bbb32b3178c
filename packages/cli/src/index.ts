// @misto/cli: the `misto` command line, and the pieces a script may reuse.

export type { Io, Output } from "./io.js";
export { main } from "./main.js";
export { buildReport, type SimulationReport } from "./report.js";
export { type Interval, wilsonInterval, Z95 } from "./stats.js";
export { emptyTally, mergeTallies, type Tally } from "./tally.js";
