import { BackupError } from "../backup/format";
import { ConfigError } from "../config";
import { MasterKeyError } from "../crypto/master-key";
import { DataDirLockedError } from "../db/data-dir-lock";
import { SealBrokenError } from "../signer/seal";
import { parseArgs, UsageError } from "./args";

const USAGE = `usage:
  latchkey start                                   build if needed and serve on PORT (default 3000)
  latchkey org create --name <org> --user <username> [--email <email>] --api-public-key <hex>
                                                   create a root organization; prints its ids as JSON
  latchkey backup <file> [--url <server>]          consistent snapshot of the installation, server running or not;
                                                   key material stays sealed under the master key (see README)
  latchkey restore <file>                          restore a backup into an empty installation (same master key)
  latchkey keys rotate-master                      rewrap all key material under a new master key (see README)
  latchkey bench                                   measure a started server (npm run bench); BENCH_SECONDS per run
  latchkey verify-proof <file> --public-key <hex>  check app proofs offline against the pinned server key
                                                   (docs/app-proofs.md); exit 0 only if all verify
  latchkey audit verify --organization-id <id> [--url <server>] [--public-key <hex>]
                                                   recompute the organization's audit chain from the API
                                                   (key in LATCHKEY_API_PRIVATE_KEY; docs/audit-chain.md);
                                                   names the first entry that does not match`;

// Each command is loaded when run, so a command that needs little of the server (verify-proof, which
// must work offline on a machine that only has the package; audit verify, which needs only the API)
// does not load all of it.
export async function main(argv: string[]): Promise<number> {
  const { words, flags } = parseArgs(argv);
  try {
    const command = words.join(" ");
    if (command === "start") return await (await import("./start")).start();
    if (command === "org create") return await (await import("./org-create")).orgCreate(flags);
    if (command === "keys rotate-master")
      return await (await import("./keys-rotate-master")).keysRotateMaster();
    if (words[0] === "backup" || words[0] === "restore") {
      const file = words[1];
      if (!file || words.length > 2) throw new UsageError(`${words[0]} takes one file name`);
      const url = flags.get("url");
      const { backupCommand, restoreCommand } = await import("./backup");
      const report =
        words[0] === "backup"
          ? await backupCommand(file, typeof url === "string" ? url : undefined)
          : await restoreCommand(file);
      process.stdout.write(`${JSON.stringify(report)}\n`);
      return 0;
    }
    if (words[0] === "verify-proof") {
      if (words.length !== 2) throw new UsageError("verify-proof takes one file name");
      return (await import("./verify-proof")).verifyProofCommand(words[1]!, flags);
    }
    if (command === "audit verify") return await (await import("./audit-verify")).auditVerifyCommand(flags);
    if (command === "bench") {
      return await (await import("./bench/run")).bench(process.env.LATCHKEY_PACKAGE_ROOT ?? process.cwd());
    }
    throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`latchkey: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (
      error instanceof DataDirLockedError ||
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof MasterKeyError ||
      error instanceof SealBrokenError
    ) {
      process.stderr.write(`latchkey: ${error.message}\n`);
      return 1;
    }
    if (error instanceof Error && "reason" in error && "code" in error) {
      process.stderr.write(`latchkey: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
