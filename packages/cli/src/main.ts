// The `misto` command line: reads the subcommand and hands over to it. Exit codes: 0 done,
// 1 a bad input file or a failed run, 2 a bad command line.

import { type Io, processIo, UsageError, writeLines } from "./io.js";
import { EXPORT_USAGE, REPLAY_USAGE, SERVE_USAGE, SIMULATE_USAGE, USAGE } from "./usage.js";

type Command = (argv: string[], io: Io) => Promise<number>;

// Each command is loaded when it runs: `simulate` never pays for the record validator's start-up.
const COMMANDS: Record<string, { run: Command; usage: readonly string[] }> = {
  simulate: {
    run: async (argv, io) => (await import("./simulate.js")).simulate(argv, io),
    usage: SIMULATE_USAGE,
  },
  replay: {
    run: async (argv, io) => (await import("./replay.js")).replayCommand(argv, io),
    usage: REPLAY_USAGE,
  },
  serve: {
    run: async (argv, io) => (await import("./serve.js")).serve(argv, io),
    usage: SERVE_USAGE,
  },
  export: {
    run: async (argv, io) => (await import("./export.js")).exportCommand(argv, io),
    usage: EXPORT_USAGE,
  },
};

/** Runs `misto` with the arguments after the program name and returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    writeLines(io.stderr, USAGE);
    return 2;
  }
  if (name === "help" || name === "--help" || name === "-h") {
    const topic = rest[0] === undefined ? undefined : commandNamed(rest[0]);
    if (rest[0] !== undefined && !topic) return unknown(rest[0], io);
    writeLines(io.stdout, topic ? topic.usage : USAGE);
    return 0;
  }
  const command = commandNamed(name);
  if (!command) return unknown(name, io);
  if (rest.includes("--help") || rest.includes("-h")) {
    writeLines(io.stdout, command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    io.stderr.write(`misto ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** Only the commands themselves, never a name inherited from Object ("constructor"). */
function commandNamed(name: string): (typeof COMMANDS)[string] | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

function unknown(name: string, io: Io): number {
  writeLines(io.stderr, [`misto: unknown command "${name}"`, "", ...USAGE]);
  return 2;
}
