import { describe, expect, it } from "vitest";
import { conformanceProblems } from "../conforms";
import { consensusContext } from "../consensus";
import { CONSENSUS_SCHEMA } from "../schema";

describe("consensus context", () => {
  it("lists approvers as User {id, tags, email, alias} and their credentials", () => {
    const consensus = consensusContext(
      [
        { id: "u1", tags: ["t-ops"], email: "ops@example.com", name: "Ops" },
        { id: "u2", tags: [], email: null, name: "Bot" },
      ],
      [
        {
          id: "authenticator-1",
          userId: "u1",
          type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR",
          credentialId: "Y3JlZA",
          publicKey: "02ab",
        },
        { id: "key-1", userId: "u2", type: "CREDENTIAL_TYPE_API_KEY_P256", publicKey: "03cd" },
      ],
    );
    expect(consensus).toEqual({
      approvers: [
        { id: "u1", tags: ["t-ops"], email: "ops@example.com", alias: "Ops" },
        // No email: an empty string, so comparisons are false rather than errors.
        { id: "u2", tags: [], email: "", alias: "Bot" },
      ],
      credentials: [
        {
          id: "authenticator-1",
          user_id: "u1",
          type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR",
          credential_id: "Y3JlZA",
          public_key: "02ab",
        },
        {
          id: "key-1",
          user_id: "u2",
          type: "CREDENTIAL_TYPE_API_KEY_P256",
          credential_id: "",
          public_key: "03cd",
        },
      ],
    });
    expect(conformanceProblems(consensus, CONSENSUS_SCHEMA)).toEqual([]);
  });

  it("is empty lists when nobody approved yet", () => {
    const consensus = consensusContext([], []);
    expect(consensus).toEqual({ approvers: [], credentials: [] });
    expect(conformanceProblems(consensus, CONSENSUS_SCHEMA)).toEqual([]);
  });
});
