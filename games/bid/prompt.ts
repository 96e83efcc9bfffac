// Text for LLM seats playing the sealed-bid auction: the rules with a worked example, the seat's own view of the
// auction, the answer format and a forgiving parser.
import { readReply } from '../../lib/engine/reply-reader';
import { seatName, type GamePrompt, type ParseResult, type Seat } from '../../lib/engine/types';
import {
  num,
  opponentOf,
  resolveAuction,
  SEAT_NAMES,
  type AuctionResult,
  type BidAction,
  type BidConfig,
  type BidState,
  type BidView,
} from './rules';

const bid = (amount: number): BidAction => ({ type: 'bid', amount });

/** An action written exactly as the prompt asks for it: `Bid: 23`. */
export function format(a: BidAction, _seat?: Seat): string {
  return `Bid: ${a.amount}`;
}

/**
 * The worked example, computed by the rules so it is always right: valuations 60 and 45, bids 35 and 20 (then a tie
 * at 35). The example bid is deliberately not half the valuation, so the prompt does not hint at the equilibrium
 * bid the deviation metric measures against.
 */
const EXAMPLE = resolveAuction(1, [60, 45], [35, 20]);
const EXAMPLE_TIE = resolveAuction(1, [60, 45], [35, 35]);

function system(cfg: BidConfig, seat: Seat): string {
  const other = seatName(SEAT_NAMES, opponentOf(seat));
  const n = cfg.auctions;
  return [
    `You are playing "Sealed-bid auction", a first-price sealed-bid auction game for two bidders. You are ${seatName(SEAT_NAMES, seat)}; your opponent is ${other}.`,
    '',
    'Rules:',
    `- The match has ${n} auction${n === 1 ? '' : 's'}. In each auction one item is sold.`,
    `- At the start of each auction each bidder gets a private valuation for the item: a whole number from 1 to ${cfg.maxValue}, drawn uniformly at random and independently for each bidder. You know your own valuation, not your opponent's.`,
    "- Both bidders bid at the same time and in secret (sealed bids): you never see your opponent's bid before you bid.",
    '- Your bid must be a whole number from 0 up to your valuation minus 1: the bid must be below your valuation.',
    '- The higher bid wins the item, and the winner gains its valuation minus its bid. The other bidder gains 0.',
    '- If both bids are equal, the item is split: each bidder gains half of its own valuation minus its bid.',
    '- When both bids are in, both valuations and both bids are shown to both bidders, and the next auction starts with new valuations.',
    '- After the last auction, the bidder with the higher total gain wins the match; equal totals are a draw.',
    '',
    'Example auction:',
    `Your valuation is ${EXAMPLE.values[0]} and you answer "${format(bid(EXAMPLE.bids[0]!))}". Your opponent, whose valuation is ${EXAMPLE.values[1]}, bids ${EXAMPLE.bids[1]}.`,
    `Your bid is higher, so you win the item and gain ${EXAMPLE.values[0]} - ${EXAMPLE.bids[0]} = ${num(EXAMPLE.gains[0]!)}; your opponent gains ${num(EXAMPLE.gains[1]!)}.`,
    `Had your opponent also bid ${EXAMPLE_TIE.bids[1]}, the item would be split: you would gain (${EXAMPLE_TIE.values[0]} - ${EXAMPLE_TIE.bids[0]}) / 2 = ${num(EXAMPLE_TIE.gains[0]!)} and your opponent (${EXAMPLE_TIE.values[1]} - ${EXAMPLE_TIE.bids[1]}) / 2 = ${num(EXAMPLE_TIE.gains[1]!)}.`,
    '',
    'Answer format: reply with the word Bid, a colon and your bid, exactly like this:',
    format(bid(EXAMPLE.bids[0]!)),
    'You may think first; the last bid written in your reply is the one played.',
  ].join('\n');
}

/** One resolved auction as the seat reads it: "you" for itself, the seat name for the opponent. */
function historyLine(r: AuctionResult, seat: Seat): string {
  const other = opponentOf(seat);
  const head = `Auction ${r.auction}: you valued the item at ${r.values[seat]} and bid ${r.bids[seat]}; ${seatName(SEAT_NAMES, other)} valued it at ${r.values[other]} and bid ${r.bids[other]}.`;
  if (r.winner === null)
    return `${head} A tie: the item was split, you gained ${num(r.gains[seat]!)} and ${seatName(SEAT_NAMES, other)} ${num(r.gains[other]!)}.`;
  if (r.winner === seat)
    return `${head} You won the item and gained ${num(r.gains[seat]!)}; ${seatName(SEAT_NAMES, other)} gained 0.`;
  return `${head} ${seatName(SEAT_NAMES, other)} won the item and gained ${num(r.gains[other]!)}; you gained 0.`;
}

function turn(v: BidView, seat: Seat, legal: BidAction[] | null): string {
  const other = opponentOf(seat);
  const lines = [`You are ${seatName(SEAT_NAMES, seat)}.`];
  if (v.history.length) lines.push('Results so far:', ...v.history.map((r) => `- ${historyLine(r, seat)}`));
  const totals = `you ${num(v.totals[seat] ?? 0)}, ${seatName(SEAT_NAMES, other)} ${num(v.totals[other] ?? 0)}`;
  if (v.result || v.auction === null) {
    lines.push(`Final totals: ${totals}.`, `The match is over: ${v.result ?? 'all auctions are done'}.`);
    return lines.join('\n');
  }
  lines.push(`Totals so far: ${totals}.`, '', `Auction ${v.auction} of ${v.auctions}.`);
  // The seat's own view: its own valuation (and sealed bid) are there; the opponent's are null until the auction resolves.
  const value = v.values[seat];
  if (value !== null && value !== undefined) lines.push(`Your valuation for this item is ${value}.`);
  lines.push(
    `${seatName(SEAT_NAMES, other)}'s valuation is unknown to you: a whole number from 1 to ${v.maxValue}, drawn uniformly at random.`,
  );
  const own = v.bids[seat];
  if (own !== null && own !== undefined) {
    lines.push(`You have sealed your bid of ${own}. Waiting for ${seatName(SEAT_NAMES, other)}'s sealed bid.`);
    return lines.join('\n');
  }
  lines.push(
    v.sealed[other]
      ? `${seatName(SEAT_NAMES, other)} has already sealed a bid; you cannot see it.`
      : `${seatName(SEAT_NAMES, other)} is bidding at the same time; you cannot see that bid.`,
  );
  if (value !== null && value !== undefined) {
    lines.push(
      value === 1
        ? 'Place your sealed bid: it must be 0, as bids must be below your valuation.'
        : `Place your sealed bid: a whole number from 0 to ${value - 1} (below your valuation).`,
    );
  }
  if (legal) lines.push('Legal moves:', ...legal.map((a) => `- ${format(a, seat)}`));
  lines.push('Reply with your bid in exactly this format: Bid: N');
  return lines.join('\n');
}

/** "Bid: 23", "bid 23", "my bid is 23", "bid of $23", "Bid = 23" (markdown already removed). */
const BID = /\bbid\b\s*(?:[:=]|is|of|amount)?\s*[:=]?\s*\$?\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)/gi;
/** A last line holding only a number, optionally after "Answer:" or with a dollar sign: "23", "Final answer: $23." */
const BARE = /^(?:(?:final\s+)?answer\s*[:=]?\s*)?\$?\s*(-?\d+(?:\.\d+)?)\s*\.?$/i;

/**
 * Reads the bid from a reply: the last "bid N" written (any case, after reasoning, in code fences or bold), or a
 * last line holding just a number, whichever comes later. Range checks are left to `reject`, whose reason names
 * the seat's valuation.
 */
function parse(reply: string, _seat: Seat, legal: BidAction[] | null): ParseResult<BidAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  // Markdown (bold, code fences, inline code, headings, quotes) and LaTeX escapes carry no meaning here.
  const text = reply.replace(/[*`_\\#>]/g, ' ');
  const lastLine = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  const bare = lastLine?.match(BARE);
  if (bare) return { action: bid(Number(bare[1])) };
  const found = [...text.matchAll(BID)].at(-1);
  if (found) return { action: bid(Number(found[1])) };
  const top = legal && legal.length ? Math.max(...legal.map((a) => a.amount)) : null;
  const range =
    top === null
      ? 'a whole number below your valuation'
      : top === 0
        ? '0 (bids must be below your valuation)'
        : `a whole number from 0 to ${top} (below your valuation)`;
  // A fixed example (not half the valuation, which would hint at the equilibrium bid), kept within the range.
  const example = format(bid(top === null ? 10 : Math.min(top, 10)));
  return {
    error: `Could not find a bid in your reply. End your reply with the word Bid, a colon and ${range}, for example "${example}".`,
  };
}

export const prompt: GamePrompt<BidState, BidAction, BidConfig, BidView> = { system, turn, parse, format };
