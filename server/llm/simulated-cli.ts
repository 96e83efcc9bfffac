// Starts the SIMULATED OpenAI-compatible endpoint standalone, for manual use: `tsx server/llm/simulated-cli.ts --port 8089`.
import { parseArgs } from 'node:util';
import { PERSONAS, SIMULATED_MODELS } from '../../lib/sim/simulated-model';
import { parseLatencyHeader, startSimulatedEndpoint, type SimulatedEndpointOptions } from './simulated';

const usage = `Usage: tsx server/llm/simulated-cli.ts [options]
  --port <n>              port (default 8089; 0 = random free port)
  --host <addr>           host (default 127.0.0.1)
  --seed <s>              seed for every random choice (default: random)
  --latency <ms|min-max>  answer latency, e.g. 800 or 300-1200 (default 0)
  --malformed-rate <0..1> override every persona's flaw rate
  --failure-rate <0..1>   chance of an HTTP 500
  --rate-limit-rate <0..1> chance of an HTTP 429
  --hang-rate <0..1>      chance a request is never answered
  --rpm-limit <n>         answer 429 (with retry-after) beyond n requests per minute, like a real provider
  --api-key <key>         require this key (default: any key accepted)
Per-request headers: x-sim-latency-ms, x-sim-malformed-rate, x-sim-failure-rate, x-sim-rate-limit-rate, x-sim-hang-rate.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8089' },
      host: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      'malformed-rate': { type: 'string' },
      'failure-rate': { type: 'string' },
      'rate-limit-rate': { type: 'string' },
      'hang-rate': { type: 'string' },
      'rpm-limit': { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  let latencyMs: number | [number, number] | undefined;
  if (values.latency !== undefined) {
    const l = parseLatencyHeader(values.latency);
    if (l === null) throw new Error(`--latency must be <ms> or <min>-<max>, got "${values.latency}"`);
    latencyMs = l;
  }
  const opts: SimulatedEndpointOptions = {
    port: num(values.port),
    host: values.host,
    seed: values.seed,
    latencyMs,
    malformedRate: num(values['malformed-rate']),
    failureRate: num(values['failure-rate']),
    rateLimitRate: num(values['rate-limit-rate']),
    hangRate: num(values['hang-rate']),
    rpmLimit: num(values['rpm-limit']),
    apiKey: values['api-key'],
  };
  // Drop absent options so the schema's defaults apply.
  const defined = Object.fromEntries(
    Object.entries(opts).filter(([, v]) => v !== undefined),
  ) as SimulatedEndpointOptions;
  const sim = await startSimulatedEndpoint(defined);
  console.log(`SIMULATED OpenAI-compatible endpoint (not a real LLM) at ${sim.url}`);
  for (const id of SIMULATED_MODELS) console.log(`  ${id}: ${PERSONAS[id]!.description}`);
  const stop = () => {
    console.log(`\nstats: ${JSON.stringify(sim.stats)}`);
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(usage);
  process.exit(1);
});
