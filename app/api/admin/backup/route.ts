import { handleBackupRequest } from "@/server/api/backup-endpoint";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return handleBackupRequest(await getRuntime(), request);
}
