// Opens a typed socket.io connection to the arena server (same origin, default /socket.io path).
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/protocol';

export type ArenaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectArena(): ArenaSocket {
  return io();
}
