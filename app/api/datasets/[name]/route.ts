// GET /api/datasets/<name> — an imported dataset as it was imported: GameBench's format, one object per match
// (`{ "game": "<id as in the file>", "<agent>": score, … }`), ready to import into another instance. 404 when there
// is no dataset of that name.
import { db } from '@/lib/db/client';
import { datasetNameSchema } from '@/lib/datasets';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, ctx: { params: Promise<{ name: string }> }) {
  const name = datasetNameSchema.safeParse(decodeURIComponent((await ctx.params).name));
  if (!name.success) return Response.json({ error: `dataset: ${name.error.issues[0]!.message}` }, { status: 400 });
  const d = await db().dataset.findUnique({ where: { name: name.data }, select: { entries: true } });
  if (!d) return Response.json({ error: `there is no dataset named "${name.data}"` }, { status: 404 });
  return new Response(JSON.stringify(d.entries), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `inline; filename="${name.data}.json"`,
      'cache-control': 'no-store',
    },
  });
}
