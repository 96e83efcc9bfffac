// One colour per seat, shared by the players header, the transcript bubbles and the lobby rows.
export interface SeatColor {
  dot: string;
  text: string;
  bubble: string;
}

const PALETTE: SeatColor[] = [
  { dot: 'bg-rose-500', text: 'text-rose-700 dark:text-rose-300', bubble: 'border-rose-200 bg-rose-50/70 dark:border-rose-900/70 dark:bg-rose-950/30' },
  { dot: 'bg-sky-500', text: 'text-sky-700 dark:text-sky-300', bubble: 'border-sky-200 bg-sky-50/70 dark:border-sky-900/70 dark:bg-sky-950/30' },
  { dot: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-300', bubble: 'border-amber-200 bg-amber-50/70 dark:border-amber-900/70 dark:bg-amber-950/30' },
  { dot: 'bg-violet-500', text: 'text-violet-700 dark:text-violet-300', bubble: 'border-violet-200 bg-violet-50/70 dark:border-violet-900/70 dark:bg-violet-950/30' },
  { dot: 'bg-teal-500', text: 'text-teal-700 dark:text-teal-300', bubble: 'border-teal-200 bg-teal-50/70 dark:border-teal-900/70 dark:bg-teal-950/30' },
];

export function seatColor(seat: number): SeatColor {
  return PALETTE[seat % PALETTE.length]!;
}
