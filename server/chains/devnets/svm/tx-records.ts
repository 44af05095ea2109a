import type { TransactionError } from "./rpc-errors";
import type { TokenBalance } from "./token-accounts";

/** What the devnet remembers of a processed transaction: enough for getTransaction and its peers. */
export interface TxRecord {
  signature: string;
  slot: number;
  /** Unix seconds. */
  blockTime: number;
  /** The blockhash of the slot it landed in and of the slot before, for getBlock (absent in states saved before). */
  block?: { blockhash: string; previousBlockhash: string };
  /** The signed transaction as sent, base64. */
  wire: string;
  /** The message's account keys, for getSignaturesForAddress. */
  accounts: string[];
  err: TransactionError | null;
  fee: string;
  preBalances: string[];
  postBalances: string[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
  computeUnits: string;
  innerInstructions: {
    index: number;
    instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
  }[];
}

/** Processed transactions by signature and by the addresses they touched, oldest first. */
export class TxRecords {
  private readonly bySignature = new Map<string, TxRecord>();
  private readonly byAddress = new Map<string, string[]>();
  private readonly bySlot = new Map<number, TxRecord[]>();

  constructor(saved: TxRecord[] = []) {
    for (const record of saved) this.add(record);
  }

  add(record: TxRecord): void {
    this.bySignature.set(record.signature, record);
    const inSlot = this.bySlot.get(record.slot) ?? [];
    inSlot.push(record);
    this.bySlot.set(record.slot, inSlot);
    for (const address of new Set(record.accounts)) {
      const list = this.byAddress.get(address) ?? [];
      list.push(record.signature);
      this.byAddress.set(address, list);
    }
  }

  get(signature: string): TxRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** The address's transactions, most recent first. */
  forAddress(address: string): TxRecord[] {
    return (this.byAddress.get(address) ?? []).map((s) => this.bySignature.get(s)!).reverse();
  }

  /** The transactions that landed in `slot`, in the order they were processed. */
  inSlot(slot: number): TxRecord[] {
    return this.bySlot.get(slot) ?? [];
  }

  get size(): number {
    return this.bySignature.size;
  }

  all(): TxRecord[] {
    return [...this.bySignature.values()];
  }
}
