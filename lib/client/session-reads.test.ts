import { describe, expect, it } from "vitest";
import { retireSessionKey, trackedRead } from "./session-reads";

/** A read whose answer the test gives when it wants: the network, held. */
function heldRead<T>() {
  let answer!: (value: T) => void;
  const sent = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { sent, answer };
}

const settledWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe("reads with a session key that is being signed out", () => {
  it("the key is retired only once the reads already sent are answered", async () => {
    const held = heldRead<string>();
    const read = trackedRead("key-a", () => held.sent);
    const retiring = retireSessionKey("key-a");
    // The read is still on its way: the key must not be deleted yet.
    expect(await settledWithin(retiring, 50)).toBe(false);
    held.answer("answered");
    expect(await read).toBe("answered");
    expect(await settledWithin(retiring, 50)).toBe(true);
  });

  it("after retirement a read with that key is not sent, and another key's still is", async () => {
    await retireSessionKey("key-b");
    let sent = 0;
    const refused = trackedRead("key-b", async () => {
      sent += 1;
      return "sent";
    });
    expect(await settledWithin(refused, 50)).toBe(false);
    expect(sent).toBe(0);
    expect(await trackedRead("key-c", async () => "other key")).toBe("other key");
  });

  it("a failed read counts as answered, and retiring a key with nothing in flight is immediate", async () => {
    const failing = trackedRead("key-d", async () => {
      throw new Error("401");
    });
    await expect(failing).rejects.toThrow("401");
    expect(await settledWithin(retireSessionKey("key-d"), 50)).toBe(true);
  });
});
