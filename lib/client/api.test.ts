import { afterEach, describe, expect, it, vi } from "vitest";
import { createSessionKey } from "../stampers/session-key";
import { query, UnexpectedResponseError } from "./api";

const answer = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));

const session = async () => ({
  key: await createSessionKey(),
  organizationId: "org-1",
  userId: "user-1",
  expiresAt: Date.now() + 60_000,
});

afterEach(() => vi.unstubAllGlobals());

describe("query()", () => {
  it("refuses an answer its schema does not describe, naming the query and the field", async () => {
    vi.stubGlobal("fetch", answer({ organizationId: "org-1", organizationName: "Acme", userId: "u" }));
    const reading = query(await session(), "whoami");
    await expect(reading).rejects.toBeInstanceOf(UnexpectedResponseError);
    await expect(reading).rejects.toThrow(/^unexpected answer from whoami at username: /);
  });

  it("returns an answer that matches, as parsed", async () => {
    const whoami = { organizationId: "org-1", organizationName: "Acme", userId: "u", username: "ann" };
    vi.stubGlobal("fetch", answer(whoami));
    expect(await query(await session(), "whoami")).toEqual(whoami);
  });
});
