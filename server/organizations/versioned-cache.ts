/**
 * What one instance remembers about organizations, each value kept with the organization's version
 * it was read at. A value is served only for that exact version: every write that could change it
 * moves the version in the database (triggers, migrations 0026 and 0034), and the version the caller's request
 * sees comes with the organization row it already reads, so another instance's change is seen on the
 * very next request without any message between instances. Bounded: least recently used goes first.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();

  constructor(private readonly limit: number) {}

  get(organizationId: string, version: number): T | undefined {
    const entry = this.entries.get(organizationId);
    if (!entry || entry.version !== version) return undefined;
    // Re-inserting moves it to the end of the Map's order: the eviction order is least recent first.
    this.entries.delete(organizationId);
    this.entries.set(organizationId, entry);
    return entry.value;
  }

  /** Remember `value`, which must have been read in the same statement as `version`. */
  set(organizationId: string, version: number, value: T): void {
    this.entries.delete(organizationId);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(organizationId, { version, value });
  }

  get size(): number {
    return this.entries.size;
  }
}
