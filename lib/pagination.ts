// Server-side pagination for every list that grows with use (agents, providers, tournaments, matches): one page size,
// the ?page= parameter, skip/take, and the links' addresses. The component that shows it is components/pagination.tsx.
import { z } from 'zod';

/** Rows per page: enough to scan, small enough that a list of thousands stays a small page. */
export const PAGE_SIZE = 25;

export interface Page<T> {
  items: T[];
  /** Rows in the whole list. */
  total: number;
  /** 1-based, clamped to the last page. */
  page: number;
  pageSize: number;
  /** Number of pages (at least 1). */
  pages: number;
}

/** `?page=` as a page number: a positive integer, anything else (absent, "abc", "-2", "1.5") is page 1. */
export function pageParam(v: string | string[] | undefined | null): number {
  const r = z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .safeParse(Array.isArray(v) ? v[0] : v);
  return r.success ? r.data : 1;
}

/**
 * One page of a list: counts it, clamps the page to the last one (a stale link past the end shows the last page),
 * then reads only that page's rows.
 */
export async function paged<T>(
  page: number,
  count: () => Promise<number>,
  read: (w: { skip: number; take: number }) => Promise<T[]>,
  pageSize = PAGE_SIZE,
): Promise<Page<T>> {
  const total = await count();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const items = total === 0 ? [] : await read({ skip: (p - 1) * pageSize, take: pageSize });
  return { items, total, page: p, pageSize, pages };
}

/**
 * The address of page `n` of `path`, keeping the other parameters; page 1 leaves the parameter out. `hash` brings a
 * list in the middle of a page back into view.
 */
export function pageHref(
  path: string,
  params: Record<string, string | string[] | undefined>,
  n: number,
  key = 'page',
  hash = '',
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (k === key || v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
  }
  if (n > 1) q.set(key, String(n));
  const s = q.toString();
  return `${s ? `${path}?${s}` : path}${hash ? `#${hash}` : ''}`;
}

/** The page numbers to link: the first, the last, and two either side of the current one; null marks a gap ("…"). */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const keep = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const gap = i > 0 ? n - sorted[i - 1]! : 1;
    if (gap === 2)
      out.push(n - 1); // a gap of one page shows that page rather than "…"
    else if (gap > 2) out.push(null);
    out.push(n);
  });
  return out;
}
