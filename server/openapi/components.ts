import { z } from "zod";
import { ZActivity } from "@/lib/api/activity";
import { jsonSchema } from "./json-schema";

const ZErrorBody = z.object({
  code: z.number().int().describe("gRPC status code"),
  message: z.string().describe("What went wrong, naming the field or the reason"),
  details: z
    .array(z.record(z.string(), z.unknown()))
    .describe(
      "TurnkeyErrorDetail (turnkeyErrorCode), BadRequest (fieldViolations) and RequestInfo (requestId)",
    ),
});

/** Shared parts of the document: the envelope every activity returns, the error body, the stamps. */
export function components() {
  return {
    schemas: {
      Activity: jsonSchema(ZActivity, "output"),
      ActivityResponse: {
        type: "object",
        required: ["activity"],
        properties: { activity: { $ref: "#/components/schemas/Activity" } },
      },
      Error: jsonSchema(ZErrorBody),
    },
    responses: {
      Error: {
        description: "A 4xx (or, for our own faults, 5xx) error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
    securitySchemes: {
      ApiKeyStamp: {
        type: "apiKey",
        in: "header",
        name: "X-Stamp",
        description:
          "base64url(JSON {publicKey, scheme, signature}) over the exact request body, by an API key or session key",
      },
      WebAuthnStamp: {
        type: "apiKey",
        in: "header",
        name: "X-Stamp-WebAuthn",
        description:
          "JSON {authenticatorData, clientDataJson, credentialId, signature}: a passkey assertion whose challenge is the hex sha256 of the body",
      },
    },
  };
}
