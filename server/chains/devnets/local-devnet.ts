/** A chain this process runs for itself (Anvil, the in-process SVM): all `chains.ts` needs of it. */
export interface LocalDevnet {
  /** Its JSON-RPC URL now (it can change if the node had to be restarted on another port). */
  url(): string;
  /** Resolves once it answers (again, after a restart). */
  ready(): Promise<void>;
  /** The operating-system process serving it when it is a child process (Anvil), for tests. */
  pid?(): number | undefined;
  /** Stops it after writing its state. */
  stop(): Promise<void>;
}
