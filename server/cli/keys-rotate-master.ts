import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pino from "pino";
import { loadConfig } from "../config";
import { createAppContext } from "../context";
import { masterKeyFile, parseMasterKey, readKeyFile } from "../crypto/master-key";
import { withKey } from "../signer/keyring";
import { rotateMasterKey } from "../signer/rotate";
import { masterKeyId } from "../signer/seal";

/**
 * `latchkey keys rotate-master`: rewrap every data key under one master key, in one transaction.
 *
 * Production (LATCHKEY_MASTER_KEY set), without downtime: restart instances with
 * LATCHKEY_MASTER_KEY=<new> and LATCHKEY_PREVIOUS_MASTER_KEYS=<old> (they unwrap both and seal
 * under the new one), run this with the same environment, then drop the old key. Alternatively
 * LATCHKEY_NEW_MASTER_KEY names the target while the environment still holds the old key.
 * Embedded key file: a new key is written to master.key.next first, the rotation commits, then the
 * files are renamed (master.key → master.key.previous, .next → master.key); every step leaves a
 * set of key files from which all rows unwrap, whenever it is interrupted.
 */
export async function keysRotateMaster(): Promise<number> {
  const config = loadConfig();
  const fromEnv = !!config.masterKey;
  const file = masterKeyFile(config.dataDir);
  if (!fromEnv && !fs.existsSync(`${file}.next`)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(`${file}.next`, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  }
  const app = await createAppContext(config, { logger: pino({ level: "warn" }, pino.destination(2)) });
  try {
    const target = fromEnv
      ? process.env.LATCHKEY_NEW_MASTER_KEY
        ? parseMasterKey(process.env.LATCHKEY_NEW_MASTER_KEY)
        : app.keyring.current
      : readKeyFile(`${file}.next`);
    const report = await rotateMasterKey(app.db, withKey(app.keyring, target), target);
    if (!fromEnv) {
      fs.renameSync(file, `${file}.previous`);
      fs.renameSync(`${file}.next`, file);
    }
    process.stdout.write(`${JSON.stringify({ ...report, masterKeyId: masterKeyId(target) })}\n`);
    process.stderr.write(
      fromEnv
        ? "latchkey: every data key is now wrapped by the target key; once every instance runs with it as " +
            "LATCHKEY_MASTER_KEY, remove the old key from LATCHKEY_PREVIOUS_MASTER_KEYS.\n"
        : `latchkey: rotated. ${file} holds the new key; the old one is in ${file}.previous until you delete it.\n`,
    );
    return 0;
  } finally {
    await app.close();
  }
}
