import { describe, expect, it } from "vitest";
import { activityLabel, credentialLabel, formatTimestamp, humanize, statusTone } from "./format";

describe("dashboard labels", () => {
  it("turns API constants into words people read", () => {
    expect(humanize("ACTIVITY_STATUS_CONSENSUS_NEEDED", "ACTIVITY_STATUS_")).toBe("Consensus needed");
    expect(humanize("ACTIVITY_TYPE_CREATE_API_KEYS_V2", "ACTIVITY_TYPE_")).toBe("Create API keys v2");
    expect(activityLabel("ACTIVITY_TYPE_CREATE_API_KEYS_V2")).toBe("Create API keys");
    expect(activityLabel("ACTIVITY_TYPE_UPDATE_ROOT_QUORUM")).toBe("Update root quorum");
    // "v" inside a word is not a version.
    expect(activityLabel("ACTIVITY_TYPE_APPROVE_ACTIVITY")).toBe("Approve activity");
    expect(credentialLabel("CREDENTIAL_TYPE_API_KEY_SECP256K1")).toBe("API key (secp256k1)");
    expect(credentialLabel("CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256")).toBe("Session");
    expect(credentialLabel("CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR")).toBe("Webauthn authenticator");
  });

  it("colours statuses by what they ask of the reader", () => {
    expect(statusTone("ACTIVITY_STATUS_COMPLETED")).toBe("success");
    expect(statusTone("ACTIVITY_STATUS_CONSENSUS_NEEDED")).toBe("warning");
    expect(statusTone("ACTIVITY_STATUS_REJECTED")).toBe("danger");
    expect(statusTone("ACTIVITY_STATUS_FAILED")).toBe("danger");
    expect(statusTone("ACTIVITY_STATUS_PENDING")).toBe("neutral");
  });

  it("reads the API's {seconds, nanos} timestamps to the millisecond", () => {
    const when = new Date(Date.UTC(2026, 10, 23, 5, 40, 1, 250));
    const text = formatTimestamp({ seconds: String(Math.floor(when.getTime() / 1000)), nanos: "250000000" });
    expect(text).toBe(when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" }));
    expect(formatTimestamp(undefined)).toBe("");
  });
});
