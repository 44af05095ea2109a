import { healthAnswer } from "@/server/api/health-answer";

export const dynamic = "force-dynamic";

export const GET = healthAnswer;
