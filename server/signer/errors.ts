/**
 * A request the signer cannot serve because of what the caller sent (a malformed path, a format the
 * curve cannot produce, an undecodable payload). The API layer answers it with a 400 naming the
 * problem. Messages never contain key material.
 */
export class SignerInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignerInputError";
  }
}
