import { ApiError } from "../errors";
import { ProviderError } from "./providers/http";

/**
 * A provider's failure as the API reports it: a refused credential is the organization's to fix
 * (400); no answer, a refusal of another kind or an answer out of shape is the provider's (503).
 * Neither is ever a 500: nothing is wrong with Latchkey.
 */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    throw error.credentialRefused
      ? new ApiError("FAILED_PRECONDITION", "ONRAMP_CREDENTIAL_REFUSED", error.message)
      : new ApiError("UNAVAILABLE", "ONRAMP_PROVIDER_UNAVAILABLE", error.message);
  }
  throw error;
}
