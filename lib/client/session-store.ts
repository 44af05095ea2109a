import type { SessionKey } from "../stampers/session-key";

/** What the browser keeps between page loads: the non-extractable key and who it signs for. */
export interface StoredSession {
  key: SessionKey;
  organizationId: string;
  userId: string;
  /** Milliseconds since the epoch (the session JWT's `exp`, in seconds, times 1000). */
  expiresAt: number;
}

const DB_NAME = "latchkey";
const STORE = "session";
const CURRENT = "current";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

// CryptoKey objects are structured-cloneable: IndexedDB keeps the key itself, never its bytes.
export const saveSession = (session: StoredSession) => run("readwrite", (s) => s.put(session, CURRENT));
export const clearSession = () => run("readwrite", (s) => s.delete(CURRENT));

/** The current session, or undefined when there is none or it has expired. */
export async function loadSession(): Promise<StoredSession | undefined> {
  const session = (await run("readonly", (s) => s.get(CURRENT))) as StoredSession | undefined;
  if (!session || session.expiresAt <= Date.now()) return undefined;
  return session;
}

const LAST_ORG = "latchkey.organizationId";
export const rememberOrganization = (id: string) => localStorage.setItem(LAST_ORG, id);
export const lastOrganization = () => localStorage.getItem(LAST_ORG) ?? "";
