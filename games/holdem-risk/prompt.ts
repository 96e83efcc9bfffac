// Text for the evaluated player of the Hold'em risk probe: LLMArena's Texas Hold'em prompt (its rules and hand ranking,
// its observation — the hole cards, the community cards, the chips — and its five actions with the authors'
// descriptions), in the arena's convention (a worked example, `Legal moves:` with one exact answer per line), and a
// forgiving parser (the Hold'em game's own move reader).
import { readReply } from '../../lib/engine/reply-reader';
import { prompt as holdemPrompt } from '../holdem/prompt';
import type { GamePrompt, ParseResult, Seat } from '../../lib/engine/types';
import { STARTING_CHIPS, type Spot } from './spots';
import {
  ACTION_NAMES,
  DEALER,
  spotActions,
  spotChips,
  type RiskAction,
  type RiskActionType,
  type RiskConfig,
  type RiskState,
  type RiskView,
} from './rules';

export function format(a: RiskAction): string {
  return ACTION_NAMES[a.type];
}

/** The authors' description of each action (texas_no_limit_v6/opponent.py, act2des), verbatim. */
export const ACTION_DESCRIPTIONS: Record<RiskActionType, string> = {
  fold: "Fold: Choosing 'Fold' means the player is out of the hand, forfeiting any potential claim to the pot and not committing any more chips to the pot.",
  'check-call':
    "Check and Call: If no bet has been made, a player can choose to 'Check', which means they do not wish to make a bet, and play passes to the next player. When a player chooses to 'Call', they are committing an amount of chips equal to the previous player's bet or raise to match it.",
  'raise-half-pot': 'Raise Half Pot: The player raises an amount equal to half the size of the current pot.',
  'raise-full-pot': 'Raise Full Pot: The player raises an amount equal to the full size of the current pot.',
  'all-in': 'All in: This is a bet where the player wagers all of their remaining chips.',
};

/** What each action puts in at this spot (the arena's addition: LLMArena's prompt gives no amounts). */
function amountLine(type: RiskActionType, spot: Pick<Spot, 'putIn'>): string {
  const { pot, left, half } = spotChips(spot);
  switch (type) {
    case 'fold':
      return 'Fold gives up the hand.';
    case 'check-call':
      return 'Check and Call checks here (nobody has bet on the flop).';
    case 'raise-half-pot':
      return `Raise Half Pot bets ${half} (half the pot of ${pot}).`;
    case 'raise-full-pot':
      return `Raise Full Pot bets ${pot} (the pot).`;
    case 'all-in':
      return `All in bets all your ${left} chips.`;
  }
}

/** The observation of one spot (also the worked example's). */
function observation(
  spot: { hole: readonly string[]; flop: readonly string[]; putIn: number },
  legal: readonly RiskAction[],
): string[] {
  const { pot, left } = spotChips(spot);
  return [
    'Your observation now is:',
    `Your hole cards: ${spot.hole.join(' ')}`,
    `Community cards: ${spot.flop.join(' ')} (the flop)`,
    `You now have ${left} chips; the chips you have put in until now: ${spot.putIn}. Your opponent has put in ${spot.putIn} too: the pot is ${pot}, and nobody has bet on the flop yet.`,
    'Now you can choose one of the following actions:',
    ...legal.map((a) => `- ${ACTION_DESCRIPTIONS[a.type]} ${amountLine(a.type, spot)}`),
  ];
}

/** The worked example: a spot that is not in the set, with its legal moves from the rules and a legal answer. */
export const EXAMPLE_SPOT: Pick<Spot, 'hole' | 'flop' | 'putIn'> = {
  hole: ['Qh', 'Qd'],
  flop: ['Qs', '7c', '2d'],
  putIn: 4,
};
export const EXAMPLE_ANSWER = 'Raise Half Pot';

function system(_cfg: RiskConfig, seat: Seat): string {
  if (seat === DEALER) return "You hold the dealer seat of a Hold'em probe: it asks nothing of you.";
  const legal = spotActions(EXAMPLE_SPOT);
  return [
    "You are playing Texas Hold'em No Limit.",
    `You play against one opponent. Both players start with ${STARTING_CHIPS} chips, and the player with the most chips at the end of the game wins. If your chips drop to 0, you lose the game. The objective is to obtain more chips than your opponent.`,
    '',
    'Rules:',
    '- Each player is dealt two private hole cards. Five community cards are dealt face up in three steps: the flop (3 cards), the turn (1) and the river (1), with a betting round before the flop and after each step.',
    '- At the showdown, the best five-card hand made from your two hole cards and the five community cards wins the pot; a player who folds loses what they put in.',
    "Texas Hold'em hands are ranked from highest to lowest as follows:",
    'Royal Flush: A, K, Q, J, 10 all of the same suit.',
    'Straight Flush: Five consecutive cards of the same suit. Higher top card wins.',
    'Four of a Kind: Four cards of the same rank. Higher rank wins; if same, compare fifth card.',
    'Full House: Three cards of one rank and two cards of another rank. Higher three-card rank wins; if same, compare the two-card rank.',
    'Flush: Five non-consecutive cards of the same suit. Compare the highest card, then the second-highest, and so on.',
    'Straight: Five consecutive cards of different suits. Higher top card wins.',
    'Three of a Kind: Three cards of the same rank. Higher rank wins.',
    'Two Pair: Two cards of one rank and two cards of another rank. Compare the higher pair first, then the lower pair, and then the fifth card.',
    'One Pair: Two cards of the same rank. Compare the pair first, then the highest non-paired card, then the second highest, and so on.',
    'High Card: If no hand can be formed, the highest card wins. If the highest cards are the same, compare the second highest, and so on.',
    'If the hands are of equal rank, the pot is split.',
    '- Cards are written as rank and suit: ranks 2-9, T (ten), J, Q, K, A; suits c (clubs), d (diamonds), h (hearts), s (spades). "Ah" is the ace of hearts.',
    '',
    'Each turn is one decision on the flop: your observation, the actions you can choose, and the legal moves.',
    '',
    'Example turn:',
    ...observation(EXAMPLE_SPOT, legal),
    'Legal moves:',
    ...legal.map((a) => `- ${format(a)}`),
    'An answer (three queens is a very strong hand, so bet for value):',
    EXAMPLE_ANSWER,
    '',
    'Answer format: end your reply with one line holding exactly one of the legal moves, written as in the list, for example:',
    'Check and Call',
    'You may think first; the last move written in your reply is the one played.',
  ].join('\n');
}

function turn(v: RiskView, seat: Seat, legal: RiskAction[] | null): string {
  if (seat === DEALER || !v.spot)
    return v.result ? `The probe is over: ${v.result}.` : 'The player is answering; you have nothing to do.';
  const moves = legal ?? spotActions(v.spot);
  return [
    ...observation(v.spot, moves),
    'Legal moves:',
    ...moves.map((a) => `- ${format(a)}`),
    'Reply with exactly one of the legal moves, written as in the list, on the last line of your reply.',
  ].join('\n');
}

/**
 * Reads the action with the Hold'em game's parser (reasoning first, "Action: Check and Call" as LLMArena asked, bold,
 * code fences, bare names; the last move written counts). "Check" or "Call" alone is Check and Call, "Bet half pot"
 * is Raise Half Pot. An action not offered is kept for `reject` to refuse with the list.
 */
function parse(reply: string, seat: Seat, legal: RiskAction[] | null): ParseResult<RiskAction> {
  // The moves as listed, however the reply wraps them (lib/engine/reply-reader.ts); the forms below for the rest.
  const read = readReply(reply, legal, (a) => format(a));
  if (read) return { action: read.action };
  const found = holdemPrompt.parse(reply, seat, null);
  if ('error' in found) {
    const names = (legal?.length ? legal : spotActions({ putIn: 2 })).map((a) => `"${format(a)}"`).join(', ');
    return {
      error: `Could not find an action in your reply. End your reply with one line holding exactly one of the legal moves: ${names}.`,
    };
  }
  return { action: { type: found.action.type } };
}

export const prompt: GamePrompt<RiskState, RiskAction, RiskConfig, RiskView> = { system, turn, parse, format };
