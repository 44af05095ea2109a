import { describe, expect, it } from "vitest";
import { ZCreateApiKeysParams } from "@/lib/api/credentials";
import { newApiKeyParams, ZNewApiKeyForm } from "./api-keys";

const key = {
  userId: "user-1",
  apiKeyName: " backend ",
  publicKey: " 02a1b2c3 ",
  curveType: "API_KEY_CURVE_P256",
  expirationSeconds: "",
};

const errorOf = (input: object, field: string) =>
  ZNewApiKeyForm.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe("the Add API key form", () => {
  it("refuses a lifetime of 0 or beyond ten years, as create_api_keys does, saying why beside the field", () => {
    expect(errorOf({ ...key, expirationSeconds: "0" }, "expirationSeconds")).toMatch(
      /between 1 and \d+ seconds \(ten years\)/,
    );
    expect(errorOf({ ...key, expirationSeconds: "315360001" }, "expirationSeconds")).toMatch(/ten years/);
    expect(errorOf({ ...key, expirationSeconds: "-5" }, "expirationSeconds")).toMatch(/positive integer/);
  });

  it("refuses a public key that is not hex and a blank name", () => {
    expect(errorOf({ ...key, publicKey: "not hex" }, "publicKey")).toBe("must be a hex string");
    expect(errorOf({ ...key, apiKeyName: "   " }, "apiKeyName")).toBe("must not be empty");
  });

  it("turns what it accepts into parameters the server accepts: trimmed, a blank lifetime left out", () => {
    const never = newApiKeyParams(ZNewApiKeyForm.parse(key));
    expect(never).toEqual({
      userId: "user-1",
      apiKeys: [{ apiKeyName: "backend", publicKey: "02a1b2c3", curveType: "API_KEY_CURVE_P256" }],
    });
    expect(ZCreateApiKeysParams.safeParse(never).success).toBe(true);

    const day = newApiKeyParams(ZNewApiKeyForm.parse({ ...key, expirationSeconds: "86400" }));
    expect(day.apiKeys[0]).toMatchObject({ expirationSeconds: "86400" });
    expect(ZCreateApiKeysParams.safeParse(day).success).toBe(true);
  });
});
