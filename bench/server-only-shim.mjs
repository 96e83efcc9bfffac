// Lets a bench import client components that import server actions (which start with `import 'server-only'`) in plain Node.
import { registerHooks } from 'node:module';

const empty = new URL('../node_modules/server-only/empty.js', import.meta.url).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'server-only' ? { url: empty, format: 'commonjs', shortCircuit: true } : next(specifier, context),
});
