// The club's people, their sanctions and the complaints, as the store keeps them (part of Store,
// types.ts; docs/club.md).

/** CLUB-1: every player is a person, a member of the club or a guest seated by name. */
export interface PersonRow {
  id: string;
  name: string;
  kind: "member" | "guest";
  /** A member admitted to the club council. */
  council: boolean;
  /** A guest merged into a member: the member's id; their games count for the member. */
  mergedInto: string | null;
  createdAt: number;
}

/** CLUB-3: the administration's sanction on a person: a warning, or a ban from playing for a period. */
export interface SanctionRow {
  id: string;
  personId: string;
  kind: "warning" | "ban";
  reason: string;
  /** A ban's period, epoch ms, `until` excluded; null for a warning. */
  from: number | null;
  until: number | null;
  /** The admin's account that recorded it. */
  byHostId: string;
  createdAt: number;
}

/** CLUB-2: a complaint about a finished game or its host, answered by the administration. */
export interface ComplaintRow {
  id: string;
  tableId: string;
  about: "game" | "host";
  text: string;
  /** The account that filed it. */
  byHostId: string;
  createdAt: number;
  /** `decision`: a tournament referee's on an objection (absent: the administration's answer). */
  answer: { text: string; byHostId: string; at: number; decision?: "upheld" | "rejected" } | null;
}

/** People (members and guests), sanctions (CLUB-3) and complaints (CLUB-2). */
export interface PeopleStore {
  // people (docs/club.md)
  /** StoreConflict on a taken id, or a second unmerged guest by the same name. */
  createPerson(person: PersonRow): Promise<void>;
  getPerson(id: string): Promise<PersonRow | null>;
  /** The unmerged guest with exactly this name, or null. */
  findGuest(name: string): Promise<PersonRow | null>;
  /**
   * People not merged into another, whose name contains `q` (any case; all when absent), members
   * first, then by name; at most `limit`.
   */
  listPeople(query: { q?: string; limit: number }): Promise<PersonRow[]>;
  /** The person a merged guest became (following `mergedInto`), the person itself otherwise. */
  resolvePerson(id: string): Promise<PersonRow | null>;
  /** False when there is no such member. */
  setCouncil(personId: string, council: boolean): Promise<boolean>;
  /**
   * Merges an unmerged guest into an unmerged member, moving the guest's sanctions to the member,
   * in one transaction; false (nothing changed) when either is not so.
   */
  mergeGuest(guestId: string, memberId: string): Promise<boolean>;

  // sanctions (CLUB-3) and complaints (CLUB-2)
  createSanction(sanction: SanctionRow): Promise<void>;
  /** A person's sanctions, newest first. */
  listSanctions(personId: string): Promise<SanctionRow[]>;
  /** The person's ban in force at `at` (the one ending last), or null. */
  activeBan(personId: string, at: number): Promise<SanctionRow | null>;
  createComplaint(complaint: ComplaintRow): Promise<void>;
  getComplaint(id: string): Promise<ComplaintRow | null>;
  /** Complaints, oldest first: of one table, or every one not answered yet. */
  listComplaints(query: { tableId: string } | { open: true }): Promise<ComplaintRow[]>;
  /** Answers a complaint not answered yet; false when it is unknown or answered already. */
  answerComplaint(id: string, answer: NonNullable<ComplaintRow["answer"]>): Promise<boolean>;
}
