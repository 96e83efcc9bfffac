// Rate-limited logging for errors that repeat while the database is away (pg-boss, the relay): the first, then a count.

/**
 * Returns `log(key, message)`: the first message of a key is written at once; the ones that follow within `windowMs`
 * are counted and summed up in one line when the window closes ("… (N more in the last 30 s)"), which opens the next
 * window. A key quiet for a whole window starts afresh.
 */
export function limitedLog(write: (m: string) => void, windowMs = 30_000): (key: string, message: string) => void {
  const windows = new Map<string, { more: number; last: string }>();
  const open = (key: string) => {
    windows.set(key, { more: 0, last: '' });
    setTimeout(() => {
      const w = windows.get(key)!;
      windows.delete(key);
      if (w.more === 0) return;
      write(`${w.last} (${w.more} more in the last ${Math.round(windowMs / 1000)} s)`);
      open(key);
    }, windowMs).unref();
  };
  return (key, message) => {
    const w = windows.get(key);
    if (w) {
      w.more++;
      w.last = message;
      return;
    }
    write(message);
    open(key);
  };
}

/** A key for an error that repeats with varying details (ports, pids, ids): its code, or its message without numbers. */
export function errorKey(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && e.code) return e.code;
  return String(e?.message ?? err)
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/gi, '#')
    .slice(0, 200);
}
