// Sign-ins counted before the password is checked (./throttle.ts): per address, and per login and
// address with back-off. A right password forgets its own attempt and the pair's lock-out.

import type { FastifyReply } from "fastify";
import { type AttemptCounts, SIGN_IN_LIMITS, tooManyAttempts } from "./throttle.js";

/** A sign-in let through to the password check. */
export interface SignInAttempt {
  /** The password was right: this was no guess. */
  right(): Promise<void>;
}

export class SignInThrottle {
  constructor(
    private readonly counts: AttemptCounts,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a sign-in of `login` from `address`; throws 429 when either count is used up. */
  async admit(login: string, address: string, reply: FastifyReply): Promise<SignInAttempt> {
    const byAddress = `sign-in:${address}`;
    // JSON: no login can make two pairs one key.
    const byPair = `sign-in:${JSON.stringify([address, login])}`;
    const counted = await this.counts.take(byAddress, SIGN_IN_LIMITS.address, this.now());
    if (counted.waitMs > 0) throw tooManyAttempts(counted.waitMs, reply, "too many wrong sign-ins");
    const locked = await this.counts.tryLocked(byPair, SIGN_IN_LIMITS.pair, this.now());
    if (locked > 0) {
      // Refused before the check: not a guess from this address either.
      await this.counts.forget(byAddress, counted.id);
      throw tooManyAttempts(locked, reply, "too many wrong sign-ins");
    }
    return {
      right: async () => {
        await this.counts.forget(byAddress, counted.id);
        await this.counts.unlock(byPair);
      },
    };
  }
}
