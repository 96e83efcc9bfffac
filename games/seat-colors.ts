// The one source of seat colours: the players header, the transcript's bubbles, the lobby rows and every board colour
// a seat the same way (Connect Four's seats are its red and yellow discs everywhere).

/** Tailwind classes of one seat's colour (written out in full so Tailwind finds them). */
export interface SeatColor {
  /** A solid swatch: the dot in lists. */
  dot: string;
  /** A solid badge with readable text on it: the seat's avatar or initials. */
  avatar: string;
  /** Text in the seat's colour on a light or dark page. */
  text: string;
  /** A bordered bubble tinted with the seat's colour (the transcript's move lines). */
  bubble: string;
  /** A tinted surface with a ring (a board's chat bubble or a seat's card). */
  tint: string;
}

const HUES = {
  rose: {
    dot: 'bg-rose-500',
    avatar: 'bg-rose-600 text-white',
    text: 'text-rose-700 dark:text-rose-300',
    bubble: 'border-rose-200 bg-rose-50/70 dark:border-rose-900/70 dark:bg-rose-950/30',
    tint: 'bg-rose-50 ring-rose-200 dark:bg-rose-950/60 dark:ring-rose-800',
  },
  sky: {
    dot: 'bg-sky-500',
    avatar: 'bg-sky-600 text-white',
    text: 'text-sky-700 dark:text-sky-300',
    bubble: 'border-sky-200 bg-sky-50/70 dark:border-sky-900/70 dark:bg-sky-950/30',
    tint: 'bg-sky-50 ring-sky-200 dark:bg-sky-950/60 dark:ring-sky-800',
  },
  amber: {
    dot: 'bg-amber-500',
    avatar: 'bg-amber-500 text-amber-950',
    text: 'text-amber-700 dark:text-amber-300',
    bubble: 'border-amber-200 bg-amber-50/70 dark:border-amber-900/70 dark:bg-amber-950/30',
    tint: 'bg-amber-50 ring-amber-200 dark:bg-amber-950/60 dark:ring-amber-800',
  },
  violet: {
    dot: 'bg-violet-500',
    avatar: 'bg-violet-600 text-white',
    text: 'text-violet-700 dark:text-violet-300',
    bubble: 'border-violet-200 bg-violet-50/70 dark:border-violet-900/70 dark:bg-violet-950/30',
    tint: 'bg-violet-50 ring-violet-200 dark:bg-violet-950/60 dark:ring-violet-800',
  },
  teal: {
    dot: 'bg-teal-500',
    avatar: 'bg-teal-600 text-white',
    text: 'text-teal-700 dark:text-teal-300',
    bubble: 'border-teal-200 bg-teal-50/70 dark:border-teal-900/70 dark:bg-teal-950/30',
    tint: 'bg-teal-50 ring-teal-200 dark:bg-teal-950/60 dark:ring-teal-800',
  },
  emerald: {
    dot: 'bg-emerald-500',
    avatar: 'bg-emerald-600 text-white',
    text: 'text-emerald-700 dark:text-emerald-300',
    bubble: 'border-emerald-200 bg-emerald-50/70 dark:border-emerald-900/70 dark:bg-emerald-950/30',
    tint: 'bg-emerald-50 ring-emerald-200 dark:bg-emerald-950/60 dark:ring-emerald-800',
  },
  fuchsia: {
    dot: 'bg-fuchsia-500',
    avatar: 'bg-fuchsia-600 text-white',
    text: 'text-fuchsia-700 dark:text-fuchsia-300',
    bubble: 'border-fuchsia-200 bg-fuchsia-50/70 dark:border-fuchsia-900/70 dark:bg-fuchsia-950/30',
    tint: 'bg-fuchsia-50 ring-fuchsia-200 dark:bg-fuchsia-950/60 dark:ring-fuchsia-800',
  },
  lime: {
    dot: 'bg-lime-500',
    avatar: 'bg-lime-500 text-lime-950',
    text: 'text-lime-700 dark:text-lime-300',
    bubble: 'border-lime-200 bg-lime-50/70 dark:border-lime-900/70 dark:bg-lime-950/30',
    tint: 'bg-lime-50 ring-lime-200 dark:bg-lime-950/60 dark:ring-lime-800',
  },
  red: {
    dot: 'bg-red-500',
    avatar: 'bg-red-500 text-white',
    text: 'text-red-700 dark:text-red-300',
    bubble: 'border-red-200 bg-red-50/70 dark:border-red-900/70 dark:bg-red-950/30',
    tint: 'bg-red-50 ring-red-200 dark:bg-red-950/60 dark:ring-red-800',
  },
  yellow: {
    dot: 'bg-yellow-400',
    avatar: 'bg-yellow-300 text-yellow-950',
    text: 'text-yellow-700 dark:text-yellow-300',
    bubble: 'border-yellow-300 bg-yellow-50/70 dark:border-yellow-900/70 dark:bg-yellow-950/30',
    tint: 'bg-yellow-50 ring-yellow-300 dark:bg-yellow-950/60 dark:ring-yellow-800',
  },
} satisfies Record<string, SeatColor>;

export type Hue = keyof typeof HUES;

/** Seat 1, 2, 3… in this order (eight seats at most: Who is the spy). Tic-Tac-Toe's X is rose and O is sky. */
const PALETTE: readonly Hue[] = ['rose', 'sky', 'amber', 'violet', 'teal', 'emerald', 'fuchsia', 'lime'];

/** Games whose pieces already colour their seats: the header and the chat use the same colours as the board. */
const GAME_HUES: Readonly<Record<string, readonly Hue[]>> = {
  'connect-four': ['red', 'yellow'],
  hive: ['sky', 'emerald'],
  santorini: ['sky', 'red'],
  'sea-battle': ['red', 'red', 'red', 'sky', 'sky', 'sky'],
};

/** The seat's colour hue, in a game (some games colour their seats as their pieces are coloured). */
export function seatHue(seat: number, gameId?: string): Hue {
  const hues = (gameId && GAME_HUES[gameId]) || PALETTE;
  return hues[((seat % hues.length) + hues.length) % hues.length]!;
}

/** The seat's colour classes, in a game. */
export function seatColor(seat: number, gameId?: string): SeatColor {
  return HUES[seatHue(seat, gameId)];
}
