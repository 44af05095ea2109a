/**
 * Calls to an on-ramp provider's API. Whatever goes wrong out there — no answer in time, a refusal,
 * an answer that is not the provider's documented shape — becomes a ProviderError naming the
 * provider and what happened, which the caller reports as a clear failure (never a 500).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider refused our credential (401/403): the organization's configuration to fix. */
    readonly credentialRefused = false,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export async function providerJson(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  /** A 404 means "no such purchase yet" for this call: answer undefined instead of failing. */
  notFoundIsEmpty = false,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new ProviderError(`${provider} did not answer within ${timeoutMs} ms`);
    }
    throw new ProviderError(`${provider} could not be reached (${(error as Error).message})`);
  }
  const text = await response.text().catch(() => "");
  if (response.status === 404 && notFoundIsEmpty) return undefined;
  if (!response.ok) {
    const refused = response.status === 401 || response.status === 403;
    throw new ProviderError(
      `${provider} answered HTTP ${response.status}${refused ? " (it refused the organization's credential)" : ""}: ${text.slice(0, 200)}`,
      refused,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${provider} answered something that is not JSON: ${text.slice(0, 100)}`);
  }
}
