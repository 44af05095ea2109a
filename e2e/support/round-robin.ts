import { type Answer, type SignedRequest, send } from "./signed";

/**
 * A client in front of several instances, as a round-robin load balancer spreads it: each request
 * goes to the next instance in turn. `toEach` sends one request to every instance at once, the
 * race a client retrying through a balancer (or two balancers) can cause.
 */
export class RoundRobin {
  private turn = 0;

  constructor(readonly baseUrls: readonly string[]) {
    if (baseUrls.length === 0) throw new Error("a round-robin client needs at least one instance");
  }

  /** The instance the next request goes to. */
  next(): string {
    const url = this.baseUrls[this.turn % this.baseUrls.length]!;
    this.turn++;
    return url;
  }

  /** Send to the next instance; the answer says which one served it. */
  async send<T = Record<string, unknown>>(request: SignedRequest): Promise<Answer<T> & { baseUrl: string }> {
    const baseUrl = this.next();
    return { ...(await send<T>(baseUrl, request)), baseUrl };
  }

  /** The same bytes to every instance at the same moment; answers in the order of `baseUrls`. */
  toEach<T = Record<string, unknown>>(request: SignedRequest): Promise<Answer<T>[]> {
    return Promise.all(this.baseUrls.map((baseUrl) => send<T>(baseUrl, request)));
  }
}
