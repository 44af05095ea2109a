import type { LiteSVM } from "litesvm";

/** A slot every 400 ms, as on Solana's clusters. */
export const SLOT_MS = 400;
/** A blockhash can be used for this many slots after its own (Solana's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALID_SLOTS = 150;

export interface RecentBlockhash {
  blockhash: string;
  slot: number;
}

export interface SlotClockState {
  slot: number;
  blockhashes: RecentBlockhash[];
}

/**
 * The devnet's slots and recent blockhashes. litesvm accepts only its one latest blockhash, so its
 * own check is turned off and this window of the last 150 slots' blockhashes decides instead, as a
 * Solana validator does. Slots follow the wall clock, computed when asked (no timer): each slot
 * reached gets a fresh blockhash (litesvm's expireBlockhash) and the Clock sysvar moves with it.
 * After a restart the slot resumes from the saved one; the time the devnet was down does not count.
 */
export class SlotClock {
  private anchorSlot: number;
  private anchorAt: number;
  private current: number;
  private recent: RecentBlockhash[];

  constructor(
    private readonly svm: LiteSVM,
    saved: SlotClockState | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.current = saved?.slot ?? 0;
    this.recent = saved?.blockhashes ?? [{ blockhash: svm.latestBlockhash(), slot: this.current }];
    this.anchorSlot = this.current;
    this.anchorAt = now();
  }

  /** The current slot, after catching up with the clock. Block height equals the slot: none is skipped. */
  slot(): number {
    const target = this.anchorSlot + Math.floor((this.now() - this.anchorAt) / SLOT_MS);
    if (target > this.current) {
      this.current = target;
      this.svm.warpToSlot(BigInt(target));
      this.svm.expireBlockhash();
      this.recent.push({ blockhash: this.svm.latestBlockhash(), slot: target });
      this.recent = this.recent.filter((b) => target - b.slot <= BLOCKHASH_VALID_SLOTS);
    }
    return this.current;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    this.slot();
    const latest = this.recent[this.recent.length - 1]!;
    return { blockhash: latest.blockhash, lastValidBlockHeight: latest.slot + BLOCKHASH_VALID_SLOTS };
  }

  /** The current slot's blockhash and the one before it: what getBlock reports of the slot a transaction lands in. */
  currentBlock(): { slot: number; blockhash: string; previousBlockhash: string } {
    const slot = this.slot();
    const latest = this.recent[this.recent.length - 1]!;
    const previous = this.recent[this.recent.length - 2] ?? latest;
    return { slot, blockhash: latest.blockhash, previousBlockhash: previous.blockhash };
  }

  isValid(blockhash: string): boolean {
    const slot = this.slot();
    return this.recent.some((b) => b.blockhash === blockhash && slot - b.slot <= BLOCKHASH_VALID_SLOTS);
  }

  /** Development only (`latchkey_expireBlockhashes`): jump past every blockhash handed out so far. */
  expireAll(): void {
    this.anchorSlot += BLOCKHASH_VALID_SLOTS + 1;
    this.slot();
  }

  state(): SlotClockState {
    return { slot: this.slot(), blockhashes: [...this.recent] };
  }
}
