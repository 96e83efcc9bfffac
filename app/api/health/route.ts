// Health check for load balancers and tests: 200 {ok:true} when the database answers, 503 otherwise.
import { pingDatabase } from '@/lib/queries';

export async function GET() {
  try {
    await pingDatabase();
    return Response.json({ ok: true, db: 'ok' });
  } catch (err) {
    return Response.json({ ok: false, db: (err as Error).message }, { status: 503 });
  }
}
