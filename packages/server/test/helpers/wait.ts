// Waiting in tests: a bounded poll, and a free port on 127.0.0.1 for a server a test starts.

import { createServer } from "node:net";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 25 ms until it answers true; throws naming `what` after `ms`. */
export async function until(what: string, done: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

/** A port free on 127.0.0.1 now (the OS's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}
