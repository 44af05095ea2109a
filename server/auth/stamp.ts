import { unauthenticated } from "../errors";

/** What a verified stamp proves: the holder of this credential signed these exact body bytes. */
export type VerifiedStamp =
  | {
      kind: "API_KEY";
      /** Lowercase hex public key as sent in the stamp. */
      publicKey: string;
      scheme: string;
      signature: string;
      header: string;
    }
  | {
      kind: "WEBAUTHN";
      credentialId: string;
      /** Uncompressed P-256 hex of the passkey. */
      publicKey: string;
      /**
       * The assertion's signature counter. Checked and stored against the passkey row of the
       * organization the request acts on (resolveCaller), never against another organization's.
       */
      signCount: number;
      scheme: "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN";
      signature: string;
      header: string;
    };

export type StampHeader = { kind: "API_KEY"; value: string } | { kind: "WEBAUTHN"; value: string };

const STAMP_HEADERS = ["x-stamp", "x-stamp-webauthn", "x-stamp-attested"] as const;

/** Whether the request carries any stamp header at all (valid or not: readStampHeader judges). */
export function hasStampHeader(headers: Headers): boolean {
  return STAMP_HEADERS.some((name) => headers.get(name));
}

/** Exactly one stamp per request: X-Stamp (API or session key) or X-Stamp-WebAuthn (passkey). */
export function readStampHeader(headers: Headers): StampHeader {
  const apiKey = headers.get("x-stamp");
  const webauthn = headers.get("x-stamp-webauthn");
  if (headers.get("x-stamp-attested")) {
    throw unauthenticated(
      "STAMP_UNSUPPORTED",
      "X-Stamp-Attested stamps are not supported; use X-Stamp or X-Stamp-WebAuthn",
    );
  }
  if (apiKey && webauthn) {
    throw unauthenticated(
      "STAMP_AMBIGUOUS",
      "send exactly one stamp header: both X-Stamp and X-Stamp-WebAuthn are present",
    );
  }
  if (apiKey) return { kind: "API_KEY", value: apiKey };
  if (webauthn) return { kind: "WEBAUTHN", value: webauthn };
  throw unauthenticated(
    "SIGNATURE_MISSING",
    "request is not stamped: send an X-Stamp or X-Stamp-WebAuthn header",
  );
}

export function malformedStamp(why: string) {
  return unauthenticated("STAMP_MALFORMED", `malformed stamp: ${why}`);
}
