// Health check for load balancers and tests: 200 {ok:true, database:'ok'}, or 503 with why in words (never a stack).
import { databaseHealth } from '@/server/db/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const h = await databaseHealth();
  return Response.json(h, { status: h.ok ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
