// Seat colours for the pages (players header, transcript, lobby rows): the one palette lives with the boards, in
// games/seat-colors.ts, so a seat has the same colour on the board as everywhere else.
export { seatColor, seatHue, type SeatColor } from '@/games/seat-colors';
