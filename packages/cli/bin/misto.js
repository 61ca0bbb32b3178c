#!/usr/bin/env -S node --max-semi-space-size=64
// The flags after node are the server's (SERVER_NODE_FLAGS, packages/server/src/node-flags.ts; a test keeps them the same).
import { main } from "../dist/main.js";

process.exitCode = await main(process.argv.slice(2));
