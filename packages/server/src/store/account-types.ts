// The club's accounts and their sessions, as the store keeps them (part of Store, types.ts).

import type { PersonRow } from "./people-types.js";

/** An account's role: the administration (RATE-7: plays, never rated), a host, or a member. */
export type Role = "admin" | "host" | "member";

/** An account (the `hosts` table): who signs in. */
export interface HostRow {
  id: string;
  name: string;
  login: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
  /** The account's person (docs/club.md); null only for a row written before 0005_people. */
  personId: string | null;
}

/** The club, its accounts (who signs in) and their sessions. */
export interface AccountStore {
  getClub(): Promise<{ id: string; name: string } | null>;
  /** Creates the club, its admin and the admin's person in one transaction; StoreConflict if a club exists. */
  createClub(club: { id: string; name: string }, admin: HostRow, person: PersonRow): Promise<void>;
  /** The one-time setup token (only its hash is stored); null clears it. */
  setSetupToken(hash: string | null): Promise<void>;
  getSetupToken(): Promise<string | null>;
  /** Creates the account (and its new person, when given) in one transaction; StoreConflict on a taken login (or id). */
  createHost(host: HostRow, person?: PersonRow): Promise<void>;
  /** The account linked to a person, or null. */
  findHostByPerson(personId: string): Promise<HostRow | null>;
  /** Every account, by name. */
  listHosts(): Promise<HostRow[]>;
  findHostByLogin(login: string): Promise<HostRow | null>;
  getHost(id: string): Promise<HostRow | null>;
  createSession(s: {
    tokenHash: string;
    hostId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  /** The session as stored, expired or not: the caller compares `expiresAt` with its clock. */
  getSession(tokenHash: string): Promise<{ hostId: string; expiresAt: number } | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of the account: the hashes of those ended. */
  deleteSessionsOf(hostId: string): Promise<string[]>;
  /** False when there is no such account. */
  setRole(hostId: string, role: Role): Promise<boolean>;
  setPasswordHash(hostId: string, passwordHash: string): Promise<boolean>;
}
