import { generateP256KeyPair } from "@turnkey/crypto";
import { describe, expect, it } from "vitest";
import { invitationLink, parseInvitation } from "./invitation-link";

const invitation = {
  organizationId: "0196a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b",
  userId: "0196a1b2-7c3d-7e4f-8a9b-aaaaaaaaaaaa",
  privateKey: generateP256KeyPair().privateKey,
};

describe("invitation links", () => {
  it("carry the organization, the user and the key in the fragment, and read back the same", () => {
    const link = invitationLink("https://keys.example", invitation);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://keys.example/invite");
    expect(url.search).toBe("");
    expect(url.hash).toBe(
      `#o=${invitation.organizationId}&u=${invitation.userId}&k=${invitation.privateKey}`,
    );
    expect(parseInvitation(url.hash)).toEqual(invitation);
  });

  it("are refused when a part is missing or malformed", () => {
    const { organizationId: o, userId: u, privateKey: k } = invitation;
    for (const fragment of [
      "",
      "#",
      `#o=${o}&u=${u}`,
      `#u=${u}&k=${k}`,
      `#o=${o}&k=${k}`,
      `#o=${o}&u=${u}&k=${k.slice(2)}`,
      `#o=${o}&u=${u}&k=${"0".repeat(64)}`,
      `#o=${o}&u=${u}&k=nothex`,
      `#o=${o}%20x&u=${u}&k=${k}`,
    ]) {
      expect(parseInvitation(fragment), fragment).toBeUndefined();
    }
  });
});
