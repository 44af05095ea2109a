import fs from "node:fs";
import path from "node:path";
import { Turnkey } from "@turnkey/sdk-server";
import { createAccount } from "@turnkey/viem";
import { verifyMessage } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, runCli, startServer } from "../support/server";
import { fetchServerSigningKey } from "../support/server-signing-key";

/**
 * `npx latchkey keys rotate-master` on the embedded key file, as an operator runs it: stop the
 * server, rotate, start it again. The keys, the addresses and the pinned server key stay the same.
 */

let server: RunningServer;
const client = () =>
  new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();

beforeAll(async () => {
  server = await startServer({ embeddedMasterKey: true });
});
afterAll(async () => server?.stop());

describe("master key rotation", () => {
  it("rewraps every key; after a restart the same account signs and the server key is unchanged", async () => {
    const keyFile = path.join(server.dataDir, "master.key");
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const oldKey = fs.readFileSync(keyFile, "utf8");

    const { addresses } = await client().createWallet({
      walletName: "Survives rotation",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    });
    const address = addresses[0] as `0x${string}`;
    const serverKeyBefore = await fetchServerSigningKey(server);

    let rotated: ReturnType<typeof runCli> | undefined;
    await server.restart(() => {
      rotated = runCli(server, ["keys", "rotate-master"]);
    });
    expect(rotated!.status, rotated!.stderr).toBe(0);
    const report = JSON.parse(rotated!.stdout) as { rewrapped: number; masterKeyId: string };
    expect(report.rewrapped).toBeGreaterThanOrEqual(2); // the wallet and the server signing key
    const newKey = fs.readFileSync(keyFile, "utf8");
    expect(newKey).not.toBe(oldKey);
    expect(fs.readFileSync(`${keyFile}.previous`, "utf8")).toBe(oldKey);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${keyFile}.next`)).toBe(false);

    // Started again with only the new key in master.key (the old one set aside), it still signs.
    await server.restart(() => fs.rmSync(`${keyFile}.previous`));
    const account = await createAccount({
      client: client(),
      organizationId: server.root.organizationId,
      signWith: address,
    });
    const signature = await account.signMessage({ message: "after rotation" });
    expect(await verifyMessage({ address, message: "after rotation", signature })).toBe(true);
    expect(await fetchServerSigningKey(server)).toBe(serverKeyBefore);
  }, 120_000); // two server restarts and a CLI run
});
