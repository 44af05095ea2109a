import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { query, send, signActivity } from "../support/signed";

/**
 * SIGTERM, as an orchestrator stops a container: the requests in flight are answered, the local
 * devnet the server started is stopped, the database is closed (PGlite's lock released), exit 0 —
 * under `next start` and under `latchkey start` (Next's handler behind Latchkey's own HTTP server,
 * in the one process whose id the server reports).
 */

/** The process ids under `pid` (children, grandchildren…), from /proc. */
function descendants(pid: number): { pid: number; command: string }[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid !== parent) continue;
      let command = "";
      try {
        command = fs.readFileSync(`/proc/${child}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        // exited meanwhile
      }
      found.push({ pid: child, command });
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.each(["next start", "latchkey start"] as const)("SIGTERM under %s", (command) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ command });
  });
  afterAll(async () => server?.stop());

  it("answers the requests in flight, stops the devnet, closes the database and exits 0", async () => {
    const chainId = await fetch(`${server.baseUrl}/rpc/eip155:1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect((await chainId.json()).result).toBe("0x1");
    // Looked for until seen: a /proc walk can miss a process whose entry changes mid-read.
    const anvilChildren = () => descendants(server.pid()).filter((p) => /\/anvil /.test(p.command));
    await expect.poll(() => anvilChildren().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const anvil = anvilChildren();

    const orgId = server.root.organizationId;
    const total = 48;
    const bodies = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        signActivity(server.root, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", orgId, {
          walletName: `In flight ${i}`,
          accounts: [
            {
              curve: "CURVE_SECP256K1",
              pathFormat: "PATH_FORMAT_BIP32",
              path: "m/44'/60'/0'/0/0",
              addressFormat: "ADDRESS_FORMAT_ETHEREUM",
            },
          ],
        }),
      ),
    );
    // A steady stream, four at a time, so that whenever the signal comes some requests are being
    // worked on — on PGlite (one connection) and on PostgreSQL (a pool) alike. Each answer starts
    // the next request until the signal; the rest are sent after the restart.
    type Outcome = Awaited<ReturnType<typeof send>> | { refused: string };
    const outcomes: (Outcome | undefined)[] = Array.from({ length: total }, () => undefined);
    let next = 0;
    let answered = 0;
    let answeredAfterSignal = 0;
    let signalled = 0;
    const stream = async (): Promise<void> => {
      while (!signalled && next < total) {
        const i = next++;
        outcomes[i] = await send(server.baseUrl, bodies[i]!).then(
          (answer) => {
            answered++;
            if (signalled) answeredAfterSignal++;
            return answer;
          },
          (error: Error) => ({ refused: String(error.cause ?? error) }),
        );
      }
    };
    const streams = Array.from({ length: 4 }, stream);
    await new Promise<void>((resolve) => {
      const check = () => (answered >= 8 ? resolve() : setTimeout(check, 5));
      check();
    });
    signalled = performance.now();
    const exit = await server.kill("SIGTERM");
    const shutdownMs = Math.round(performance.now() - signalled);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(10_000);
    await Promise.all(streams);
    // What the server had begun, it finished and answered; a request it had not read yet when the
    // signal came was refused before any answer (HTTP/1.1 lets the client send it again: it is idempotent).
    expect(answeredAfterSignal).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes) {
      if (!outcome) continue;
      if ("refused" in outcome) expect(outcome.refused).toMatch(/ECONNRESET|ECONNREFUSED|other side closed/);
      else expect(outcome.status).toBe(200);
    }

    for (const { pid } of anvil) expect(isRunning(pid), `anvil ${pid} still running`).toBe(false);
    if (!server.env.DATABASE_URL) {
      expect(fs.existsSync(path.join(server.dataDir, "latchkey.lock"))).toBe(false);
    }
    // The local devnet wrote its state on the way down, beside the database it belongs with.
    expect(fs.existsSync(path.join(server.dataDir, "chains", "eip155-1", "state.json"))).toBe(true);

    await server.start();
    // The refused and the never-sent ones, sent again: each is created exactly once.
    for (const [i, outcome] of outcomes.entries()) {
      if (!outcome || "refused" in outcome) expect((await send(server.baseUrl, bodies[i]!)).status).toBe(200);
    }
    const { wallets } = await query<{ wallets: { walletName: string }[] }>(
      server.baseUrl,
      server.root,
      "list_wallets",
      { organizationId: orgId },
    );
    expect(wallets.map((w) => w.walletName).sort()).toEqual(bodies.map((_, i) => `In flight ${i}`).sort());
    console.log(
      `graceful shutdown (${command}): SIGTERM to exit 0 in ${shutdownMs} ms; ${answeredAfterSignal} requests ` +
        `answered after the signal, ${outcomes.filter((o) => o && "refused" in o).length} refused unread, ${total - outcomes.filter(Boolean).length} not sent`,
    );
  }, 90_000);
});
