// The help texts of `misto` and its subcommands.

export const USAGE = [
  "Usage: misto <command> [options]",
  "",
  "Commands:",
  "  simulate   play many bot games and report win rates, game length and eliminations",
  "  replay     check a game record, replay it and print its recap and winner",
  "  serve      run the club's server: the web app, the API and the realtime channel",
  "  export     write every finished game of the club as one archive of records",
  "  help       show this help, or a command's: misto help simulate",
  "",
  "Run `misto <command> --help` for a command's options.",
];

export const SIMULATE_USAGE = [
  "Usage: misto simulate --games N [--seed S] [--settings FILE] [--bots random|heuristic]",
  "                      [--workers K] [--json] [--record DIR]",
  "",
  "Plays N bot games; game i (1 to N) is dealt from the seed S-i, so a run is repeatable.",
  "On a terminal a progress bar is drawn on stderr (not when stdout or stderr is redirected).",
  "",
  "  --games N          how many games to play (required)",
  '  --seed S           the seeds\' prefix (default "misto")',
  "  --settings FILE    a JSON object of rules settings; the rest take their defaults",
  "  --bots KIND        random (default) or heuristic",
  "  --workers K        worker threads to play on (default 1: in this process)",
  "  --json             print the report as one JSON object",
  "  --record DIR       write each game's record to DIR/game-<seed>.json",
];

export const REPLAY_USAGE = [
  "Usage: misto replay FILE [--json]",
  "",
  "Checks a game record, replays it with the engine and prints the recap of each day and",
  "night and the winner. Exit code 1 if the record is invalid.",
  "",
  "  --json   print the final state instead: the winner, every seat's card, how and when each",
  "           left the game, and the rating points",
];

export const SERVE_USAGE = [
  "Usage: misto serve [--port 3000] [--db ./data/misto.db] [--host 127.0.0.1] [--trust-proxy ADDR]",
  "                   [--redis URL] [--redis-prefix P] [--metrics-token T] [--broadcast-delay S]",
  "",
  "Runs the server with the web app on one port until Ctrl+C. On the first start it prints a link",
  "that creates the club and its admin; open it once.",
  "",
  "  --port N            the port to listen on (default 3000)",
  "  --db PATH           a SQLite file (created with its folder) or a postgres:// URL (default ./data/misto.db)",
  "  --host ADDR         the address to listen on (default 127.0.0.1: this machine only)",
  "  --trust-proxy ADDR  behind a reverse proxy at ADDR (addresses or CIDRs, comma-separated):",
  "                      believe its X-Forwarded-For and X-Forwarded-Proto (the session cookie is",
  "                      Secure when it says https)",
  "  --redis URL         several server processes on one PostgreSQL --db: a redis:// URL for their",
  "                      fan-out and the online tables' leases (default $MISTO_REDIS_URL; refused with SQLite)",
  "  --redis-prefix P    put before every Redis key and channel (default $MISTO_REDIS_PREFIX or misto:)",
  "  --metrics-token T   serve GET /metrics (Prometheus) to a scraper sending Authorization: Bearer T",
  "                      (default $MISTO_METRICS_TOKEN; without one /metrics is off)",
  "  --broadcast-delay S the broadcast view (cards shown, for a stream) shows a table as it stood",
  "                      S seconds ago (default 300: five minutes)",
];

export const EXPORT_USAGE = [
  "Usage: misto export [--db ./data/misto.db | postgres://…] [--out FILE]",
  "",
  "Writes every finished game of the club as one misto-archive: each game's record (misto replay",
  "reads it) and the hosts' points corrections, the same document as the admin's export in the",
  "web app. The server's import (the admin's Import page) reads it back.",
  "",
  "  --db PATH     the club's SQLite file or a postgres:// URL (default ./data/misto.db)",
  "  --out FILE    write the archive to FILE (default: stdout)",
];
