// The flags Node is started with to run the server (`misto serve`'s shebang, packages/cli/bin/misto.js,
// and the benches' server processes, ./bench/spawn.ts).
//
// A larger young generation (V8's semi-space, 16 MB by default on this Node): a live table's views
// and patches live from one event to the next, a few hundred milliseconds, and with the default
// size they were promoted to the old generation and collected there. bench:server at 400 tables
// (2 December 2026): CPU per stored event 1.42 ms without it, 0.90 ms with it.
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=64"];
