import { describe, expect, it } from "vitest";
import { parseOauth2Providers } from "../config";

describe("LATCHKEY_OAUTH2_PROVIDERS", () => {
  const issuers = ["https://a.example", "https://b.example"];

  it("maps each provider to its issuer; unset maps none", () => {
    expect(parseOauth2Providers(undefined, issuers)).toEqual({});
    expect(
      parseOauth2Providers(
        "OAUTH2_PROVIDER_X=https://a.example, OAUTH2_PROVIDER_DISCORD=https://b.example",
        issuers,
      ),
    ).toEqual({ OAUTH2_PROVIDER_X: "https://a.example", OAUTH2_PROVIDER_DISCORD: "https://b.example" });
  });

  it("refuses an unknown provider, a missing issuer and an issuer not in LATCHKEY_OIDC_ISSUERS", () => {
    expect(() => parseOauth2Providers("OAUTH2_PROVIDER_GITHUB=https://a.example", issuers)).toThrow(
      /must be <provider>=<issuer>/,
    );
    expect(() => parseOauth2Providers("OAUTH2_PROVIDER_X", issuers)).toThrow(/must be <provider>=<issuer>/);
    expect(() => parseOauth2Providers("OAUTH2_PROVIDER_X=https://c.example", issuers)).toThrow(
      /must also be in LATCHKEY_OIDC_ISSUERS/,
    );
  });
});
