// Names shared by `bench/adapter.ts` (process A) and `bench/adapter-server.ts` (process B).

/** The relay's channel, as in server/rooms/relay.ts. */
export const RELAY_CHANNEL = 'arena_live';
/** The match_events look-alike the relay's notices point into (the parent creates it). */
export const EVENTS_TABLE = 'adapter_bench_events';
