import type { TUser } from "@/lib/api/users";
import type { Tx } from "../db/client";

/**
 * A submission answers with its activity, whose votes show their voters (users with their
 * credentials). Read after the commit, that is one more statement; instead the submission asks here
 * for its voters, and each status update of the transaction (setStatus: every fresh submission
 * makes one after its effects) returns them in its own statement; the last one's are kept.
 */
interface Wanted {
  organizationId: string;
  userIds: string[];
  users?: TUser[];
}

const wanted = new WeakMap<Tx, Wanted>();

export function wantVoters(tx: Tx, organizationId: string, userIds: string[]): void {
  wanted.set(tx, { organizationId, userIds });
}

/** For setStatus: the voters to read with this update, if anyone asked. */
export function votersToRead(tx: Tx): { organizationId: string; userIds: string[] } | undefined {
  return wanted.get(tx);
}

export function votersRead(tx: Tx, users: TUser[]): void {
  const entry = wanted.get(tx);
  if (entry) entry.users = users;
}

/** The voters read with the transaction's last status update; undefined when none was made. */
export function takeVoters(tx: Tx): TUser[] | undefined {
  const entry = wanted.get(tx);
  wanted.delete(tx);
  return entry?.users;
}
