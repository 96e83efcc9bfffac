// GET /api/simulbench/<id>/scripts — a SimulBench evaluation's frozen test scripts as the versioned script file
// (lib/simulbench/script-file.ts), ready to import into another arena (npm run arena -- simulbench import-scripts FILE
// --set NAME) so new targets answer exactly the same histories. 404 when there is no such evaluation or no script yet.
import { db } from '@/lib/db/client';
import { exportScriptSet, tournamentScriptSet } from '@/lib/db/simulbench/script-sets';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = (await ctx.params).id.slice(0, 64);
  const t = await db().tournament.findUnique({ where: { id }, select: { name: true, config: true } });
  const config = t?.config as { format?: string; scriptSet?: string } | undefined;
  if (!t || config?.format !== 'simulbench')
    return Response.json({ error: `there is no SimulBench evaluation "${id}"` }, { status: 404 });
  const setName = config.scriptSet ?? tournamentScriptSet(id);
  if ((await db().simulScript.count({ where: { setName } })) === 0)
    return Response.json(
      { error: 'this evaluation has no script yet: scripts are frozen as its dialogues end' },
      { status: 404 },
    );
  const file = await exportScriptSet(db(), setName, t.name);
  return new Response(JSON.stringify(file, null, 1), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="simulbench-scripts-${id}.json"`,
      'cache-control': 'no-store',
    },
  });
}
