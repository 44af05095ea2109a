import { masterKeyId } from "./seal";

/**
 * The master keys this process can unwrap with. New seals always use `current`; older rows name
 * the key that wrapped them (masterKeyId), so during a rotation instances that know both keys keep
 * signing whatever state each row is in.
 */
export interface MasterKeyring {
  current: Buffer;
  currentId: string;
  /** The key with this id, or undefined when this process was not given it. */
  find(id: string): Buffer | undefined;
}

export function createKeyring(current: Buffer, others: Buffer[] = []): MasterKeyring {
  const byId = new Map<string, Buffer>();
  for (const key of [...others, current]) byId.set(masterKeyId(key), key);
  const currentId = masterKeyId(current);
  return { current, currentId, find: (id) => byId.get(id) };
}

/** The same keyring that also knows `extra` (a rotation's target key). */
export function withKey(keyring: MasterKeyring, extra: Buffer): MasterKeyring {
  const extraId = masterKeyId(extra);
  return { ...keyring, find: (id) => (id === extraId ? extra : keyring.find(id)) };
}
