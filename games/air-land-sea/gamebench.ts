// Air, Land and Sea as GameBench's own code shows its turns (issue 38, items 1–2): the `gamebench` hook of the game's
// definition (lib/engine/gamebench-turn.ts), read by GameBench's agent (lib/agents/gamebench-gpt.ts) and by GameBench's
// random baseline under the `gamebench` preset (lib/engine/gamebench-random.ts). Pure; from the seat's view only.
//
// WHAT IS GAMEBENCH'S, VERBATIM (Joshuaclymer/GameBench at HEAD, games/air_land_sea)
// - The rules: game.py L17-70 (title "Air Land and Sea", the summary with its missing spaces, the 16
//   additional_details in their order, "me Commander" and all).
// - The observation: game.py L166-197 ("----- Player N's action -----", the hand as `str(card)`: "Name (strength,
//   Type, Kind: text)", commander, VPs, both hand sizes) and board.py L33-71 / L96-101 (each theater in the board's
//   order, "Player 1: […]" and "Player 2: […]", each card with its current strength and "covered" / "uncovered"; one's
//   own facedown card "Facedown-<Name> (2-<5>, …)", the other's "Facedown (2, uncovered)"). Disrupt is "Ongoing" in
//   their card list (cards.py L60) and so in every text here, although the arena calls it Instant.
// - The main menu: game.py L200-219 (ids 0..n-1 "Play <card> faceup to <its type>. Deploy.", then facedown to Air,
//   Land, Sea — that order, not the board's — "Improvise.", id 4n "Withdraw …"), effect_manager.py L22-75 (Aerodrome:
//   each card of strength 3 or less, face up to its two other theaters, ids from the menu's length on; then Air Drop:
//   every card the same way); Redeploy's play (L730-745): the same menu without Withdraw, so its extras start at 4n.
// - The ability menus, asked in further `take_action` calls (the arena asks each as a move of its own, in the same
//   order, so none is a `next` menu here): Maneuver L483-531 (the uncovered cards of the theaters adjacent to
//   where it lies, by theater then Player 1, Player 2), Ambush L557-597 (every theater), Transport L624-653 (by target
//   theater, then each of one's cards; "Do not move any cards."), Redeploy L676-702 ("Return …", "Do not return any
//   cards."), Reinforce L754-788 (the drawn card facedown to each adjacent theater; the drawn card is in the hand their
//   observation shows, L764-765), Disrupt L802-883 (one's own uncovered cards). Their instructions, verbatim.
//
// WHERE THE ARENA DIFFERS (and what an id resolves to)
// - Every id resolves to the arena's action for what its description says (deploy / improvise / withdraw, flip the
//   uncovered card of that side of that theater, move, return, reinforce to, skip); an id the arena does not allow now
//   is an error with the arena's reason. Under the arena's rules the sets are the same: each menu's actions are the
//   arena's legal moves, duplicates aside (Aerodrome and Air Drop both list a card's non-matching plays).
// - Disrupt: GameBench's code asks the Disrupt player for both flips (game.py L850 passes `agent`, not
//   `current_agent`: a plain bug); the arena asks each player for their own, and the hook shows the other player what
//   GameBench builds for that flip: their own observation (L816) and their own uncovered cards.
// - Redeploy with no facedown card: GameBench still asks (a menu of "Do not return any cards." only); the arena skips
//   the ability, so that menu is never shown. The arena's own deviations of play (rules.ts header: rotation, Disrupt
//   resolved once, Containment and Blockade on every play, queued instant abilities, a player with no cards passing)
//   change which positions arise, not how one is shown.
// - Strengths shown: the arena's (rules.ts `cardStrengths`), which follow the rules. GameBench's
//   `apply_strength_effects` (game.py L114-163) skips an Escalation or a Cover Fire lying in the theater at index 0
//   (L128 and L145 test `if theater_ind`, and 0 is falsy: a plain bug that also changes who controls that theater), and
//   keeps a stale 4 on a card moved out from under an active Cover Fire; where these differ the arena's text shows the
//   rule's strength (gamebench.test.ts has one such position: Cover Fire in the first theater).
// - Not shown, as GameBench shows none of it: theater totals, controllers, withdrawal costs, events, the deck.
import type { GameBenchAction, GameBenchChoice, GameBenchTurn } from '../../lib/engine/gamebench-turn';
import type { Seat } from '../../lib/engine/types';
import {
  actionKey,
  CARDS,
  THEATERS,
  type AlsAction,
  type AlsConfig,
  type AlsView,
  type CardId,
  type Theater,
  type ViewCard,
} from './rules';

export const GAMEBENCH_RULES_TEXT = {
  title: 'Air Land and Sea',
  summary:
    'A strategic card game where two players competeover a series of battles to control different Theatersof war: Air, Land, and Sea. Each player is dealt 6 cardsrepresenting various military units and tactics. Players win a battle by controlling more Theaters than their opponent or convincing their opponent to withdraw. Victory Points (VPs) are earned by winning battles, and the first player to reach 12 VPs wins the game. Players must carefully manage their hand and strategically deploy cards to outmaneuver their opponent.',
  details: [
    [
      'Battle Structure',
      'During a Battle, the players take turns playing one card at a time, trying to control more Theaters than their opponent.You don’t draw cards during a Battle, so be sure to plan carefully and make the most of the 6 cards you are dealt!',
    ],
    [
      'Theaters',
      "Each of the three Theater boards creates a 'column' between the players: one for Air, one for Land, and one for Sea. These columns are called Theaters. Cards are always played into these three Theaters. If a card is in a particular Theater’s column, we say that the card is 'in that Theater.'\nTheaters that are next to each other are called 'adjacent Theaters.'A player owns all of the cards on their side of the Theater boards. During your turn, you will play cards only on your side of the Theaters.",
    ],
    [
      'Battle Cards',
      "Cards are played to advance your war effort and how they are played will ultimately determine who wins the war (the game).\nStrength: Each card has a Strength value. If the total Strength of all the cards on your side of the Theater is higher than the total Strength of all the cards on your opponent’s side of that Theater, you 'control' that Theater.\nTactical Abilities: Most cards have a Tactical Ability along with Strength, which takes effect as soon as the card is played 'face up' to a Theater. These abilities are either 'Instant' or 'Ongoing.'",
    ],
    [
      'Type of Battle Cards',
      "There are three types of cards: 'Air,' 'Land,' and 'Sea' cards, which relate to the three Theaters. Normally, you may only play a card 'face up' to its matching Theater: Air cards in the Air Theater, and so on.",
    ],
    [
      'Facedown Cards',
      "Cards can also be played 'facedown' as a 'wild card' in any Theater. Facedown cards always have a Strength of 2. 'Facedown' cards do not have any Tactical Abilities. You may see your own facedown cards at any time, but you may not see your opponent's 'facedown' cards.",
    ],
    [
      'Covered Cards',
      "When a card is played to a Theater that already contains cards, the newly played card is placed so that it overlaps the previously played card, while still showing the top portion of it. Any card overlapped by another is called a 'covered card.' Similarly, any card that is not overlapped by another card is referred to as 'uncovered.'",
    ],
    [
      'Resolving Battle',
      'During a Battle, players take turns starting with the player who has the 1st Player me Commander card.\nOn your turn, you must take only one of these three actions: Deploy, Improvise, Withdraw.\nOnce you have finished your action, your opponent begins their turn. The players continue to alternate taking turns until one of them withdraws or both players have played all of their cards.',
    ],
    [
      'Possible actions:',
      "Deploy: Play one card from your hand, 'face up.' When you play a card, you must follow these deployment restrictions: You can only play cards on your side of the Theater boards. The card must be the same type as the Theater you play it to. If you have other cards in that Theater already, you must place the new card so that it covers (partially overlaps) those cards.\nImprovise: Play one card from your hand, 'facedown', to any Theater. 'Facedown' cards are treated as 'wild cards' and can be played to any Theater regardless of which type they are.\nWithdraw: If you think your chances of winning the current Battle are low, you may withdraw. If you do, your opponent wins the Battle and gains VPs depending on how many cards are left in your hand. See the me Commander cards for more specific information.",
    ],
    [
      'me Commander Cards',
      "Supreme Commander Cards: The 1st Player Supreme Commander wins tied Theaters and gains the following number of VPs based on the number of cards left in their opponent's hand if their opponent withdraws: 5+ cards = 2 VPs, 3-4 cards = 3 VPs, 2 cards = 4 VPs, 0-1 cards = 6 VPs.\nThe 2nd Player me Commander loses tied Theaters and gains the following number of VPs based on the number of cards left in their opponent’s hand if their opponent withdraws: 4+ cards = 2 VPs, 2-3 cards = 3 VPs, 1 card = 4 VPs, 0 cards = 6 VPs.",
    ],
    [
      'Tactical Abilities',
      "Most cards have Tactical Abilities described on the card. When you play a card face up from your hand, or if a facedown card is flipped over, its Tactical Ability takes effect immediately. There are two kinds of Tactical Abilities: 'Instant' and 'Ongoing', indicated on the card.\nYou must carry out the effects of a Tactical Ability unless they contain the word 'may'.\nIf a Tactical Ability is impossible to perform, that ability is ignored and has no effect.",
    ],
    [
      'Instant Abilities',
      'Instant Abilities take effect immediately after the card is played or if the card is revealed by being flipped face up. Once the Instant Ability is resolved, it has no further effect (unless somehow that card is played or revealed again).\nNote: Because instant abilities take effect when flipped face up, it is possible for multiple instant abilities to take effect around the same time. In these situations, always resolve the instant abilities in the order they happened and fully resolve each ability before moving on to the next.\nOnce an instant ability begins taking effect, it always resolves fully, even if it gets flipped facedown before completing.',
    ],
    [
      'Ongoing Abilities',
      "These are always in effect as long as the card is face up. If a card with an Ongoing Ability is flipped 'facedown', the ability no longer has any effect (unless that card is revealed again).\nExample: The Escalation Tactical Ability increases the Strength of all of your facedown cards to 4 as long as the Escalation card remains 'face up'. If that card were flipped over by another Tactical Ability, your 'facedown' cards would go back to being Strength 2.",
    ],
    [
      'Tactical Ability Key Terms',
      "Flip: Many Tactical Abilities allow you to flip a card. Flipping a card means either turning it 'face up' if it is 'facedown' or turning a 'facedown' card so it is 'face up.'Unless the ability states otherwise, you may flip any card — yours or your opponent's.\nUncovered/Covered: Many Tactical Abilities only affect uncovered or covered cards. If an ability does not specify uncovered or covered, such as Transport or Redeploy, assume the ability can affect any card.\nPlay: Some Tactical Abilities instruct you to play a card, or only take effect in response to a card being played. The word 'play' describes any time a player takes a card from their hand and places it in a Theater.\nNon-Matching Theaters: Means that a card is not in the Theater of its type. The card does not suffer any penalty for being in the 'wrong' Theater.\nDestroy: Some Tactical Abilities instruct you to destroy a card. Destroyed cards are always placed facedown on the bottom of the deck. If a card is destroyed immediately after it is played, such as by Blockade, then that card does not get to use its Tactical Ability.\nOccupied: When counting the number of cards that occupy a Theater, always count both players' cards towards that total.\nMove: When a card is moved to a different Theater. It stays on the same side of the Theaters it was already on and remains owned by the same player. Moved cards are placed on top of any cards already in the Theater it was moved to. It covers those cards.",
    ],
    [
      'Ending Battles',
      'There are two ways a Battle can end: If a player withdraws, their opponent wins the Battle. Or if both players have played all of the cards in their hand. At this point, the player who controls the most Theaters wins the Battle.In order to control a Theater, you must have a higher total Strength there than your opponent has in that Theater. If your Strengths are tied, the 1st Player wins the tie and controls that Theater. If there are no cards on either side of the Theater, the 1st player controls that Theater.',
    ],
    [
      'Scoring Victory Points',
      "If neither player withdraws, the winner of the Battle scores 6 VPs. If one of the players withdraws, the other player scores VPs based on the number of cards left in the withdrawing player's hand (see the me Commander Cards for details). After scoring VPs, check if the victor has enough VPs to win the game (12 VPs). If they don’t, fight another Battle.",
    ],
    [
      'Setting up Battles',
      'All cards are collected and shuffled together to create a new deck. Deal each player a new hand of 6 cards. Next, the Theater cards are rotated clockwise so that the rightmost Theater is moved to the far left of the Theater lineup. Lastly, players swap me Commander cards. The player who was 1st in the last battle is now 2nd.',
    ],
  ],
} as const;

/** GameBench's labels (cards.py L43-62): as the arena's, but Disrupt is "Ongoing". */
const kindOf = (c: CardId) => (c === 'L5' ? 'Ongoing' : CARDS[c].kind);

const TEXTS = new Map<CardId, string>();

/** cards.py L17-24: "Maneuver (3, Land, Instant: Flip an uncovered card in an adjacent theater)". */
export function cardText(c: CardId): string {
  let text = TEXTS.get(c);
  if (text === undefined) {
    const d = CARDS[c];
    const kind = kindOf(c);
    text = `${d.name} (${d.strength}, ${d.theater}${kind ? `, ${kind}: ${d.text}` : ''})`;
    TEXTS.set(c, text);
  }
  return text;
}

/** The first " (<digit>" of a card's text replaced, as board.py's `re.sub(r' \(\d', …)` does (once: one match). */
const subStrength = (text: string, by: string) => text.replace(/ \(\d/, by);

/** board.py L37-61: one card of a stack as `owner` (the observing seat) sees it. */
function boardCard(p: ViewCard, side: Seat, owner: Seat, uncovered: boolean): string {
  let text: string;
  if (!p.faceUp) {
    if (side === owner && p.card)
      text = 'Facedown-<' + subStrength(cardText(p.card), `> (${p.strength}-<${CARDS[p.card].strength}>`);
    else text = `Facedown (${p.strength})`;
  } else text = cardText(p.card!);
  text = text.replaceAll(')', `, ${uncovered ? 'uncovered' : 'covered'})`);
  return text.replace(/ \(\d/g, ` (${p.strength}`);
}

/** game.py L166-197: the observation text for `seat` (`extra`: Reinforce's drawn card, in the hand as theirs). */
export function gamebenchObservation(v: AlsView, seat: Seat, extra: CardId | null = null): string {
  const hand = [...(v.hand ?? []), ...(extra ? [extra] : [])];
  const board = v.theaters
    .map((t) => {
      const side = (s: Seat) => t.stacks[s]!.map((p, i, all) => boardCard(p, s, seat, i === all.length - 1)).join(', ');
      return `${t.name} Theater:\nPlayer 1: [${side(0)}]\nPlayer 2: [${side(1)}]\n`;
    })
    .join('');
  return (
    '\n' +
    `----- Player ${seat + 1}'s action -----\n` +
    'Current Hand: \n' +
    hand.map((c) => `  ${cardText(c)}\n`).join('') +
    `Current Supreme Commander: ${v.first === seat ? '1st' : '2nd'}\n` +
    `Current Victory Points: ${v.vp[seat]}\n` +
    `Current Hand Size: ${hand.length}\n` +
    `Current Opponent Hand Size: ${v.handCounts[1 - seat]}\n` +
    'Current Board: \n' +
    board
  );
}

const PLAY_INSTRUCTIONS = 'Select a card from your hand to play to a theater';
const INSTRUCTIONS = {
  maneuver: 'Select an uncovered card from an adjacent theater to flip.',
  ambush: 'Select any uncovered card to flip.',
  transport: 'Select one of your cards to move to a different theater. You may also choose to not move anything.',
  redeploy:
    'Select one of your facedown cards to return to your hand. You may also choose to not return anything (not use this tactical ability).',
  reinforce: 'Select an adjacent theater to play the drawn card facedown.',
  disrupt: 'Select one of your uncovered cards to flip.',
} as const;

/** effect_manager.py L16-20: the other two theaters, in the order ['Air', 'Sea', 'Land'] leaves them. */
const nonMatching = (t: Theater) => (['Air', 'Sea', 'Land'] as Theater[]).filter((x) => x !== t);

type Entry = GameBenchAction & { action: AlsAction };

/** game.py L200-219 and effect_manager.py L22-75: the play menu (with Withdraw, or without it for Redeploy's play). */
function playMenu(v: AlsView, seat: Seat, withdraw: boolean): Entry[] {
  const hand = v.hand ?? [];
  const out: Entry[] = hand.map((c) => ({
    id: '',
    description: `Play ${cardText(c)} faceup to ${CARDS[c].theater}. Deploy.`,
    action: { type: 'deploy', card: c, theater: CARDS[c].theater },
  }));
  for (const t of THEATERS)
    for (const c of hand)
      out.push({
        id: '',
        description: `Play ${cardText(c)} facedown to ${t}. Improvise.`,
        action: { type: 'improvise', card: c, theater: t },
      });
  if (withdraw)
    out.push({
      id: '',
      description: 'Withdraw from the battle. Opponent scores VPs based on the number of cards left in your hand.',
      action: { type: 'withdraw' },
    });
  const elsewhere = (cards: CardId[]) => {
    for (const c of cards)
      for (const t of nonMatching(CARDS[c].theater))
        out.push({
          id: '',
          description: `Play ${cardText(c)} faceup to ${t}.`,
          action: { type: 'deploy', card: c, theater: t },
        });
  };
  // Aerodrome in effect: one's own, face up on the board.
  if (v.theaters.some((t) => t.stacks[seat]!.some((p) => p.card === 'A4' && p.faceUp)))
    elsewhere(hand.filter((c) => CARDS[c].strength <= 3));
  if (v.airDrop[seat]) elsewhere(hand);
  return out.map((e, i) => ({ ...e, id: String(i) }));
}

/** board.py L140-151: the adjacent theaters by index (the middle touches both ends). */
function adjacentOf(v: AlsView, t: Theater): Theater[] {
  const i = v.theaters.findIndex((x) => x.name === t);
  return (i === 1 ? [0, 2] : [1]).map((j) => v.theaters[j]!.name);
}

/** Where a card lies in the view (its theater), if it does. */
const placeOf = (v: AlsView, c: CardId) => v.theaters.find((t) => t.stacks.some((s) => s.some((p) => p.card === c)));

/** game.py L496-525 / L569-591: a flip of the uncovered cards of these theaters, by theater then Player 1, Player 2. */
function flipMenu(v: AlsView, seat: Seat, theaters: Theater[], sides: Seat[]): Entry[] {
  const out: Entry[] = [];
  for (const name of theaters) {
    const t = v.theaters.find((x) => x.name === name)!;
    for (const side of sides) {
      const top = t.stacks[side]!.at(-1);
      if (!top) continue;
      const description = top.faceUp
        ? `Flip ${cardText(top.card!)} in ${name} facedown.`
        : side === seat && top.card
          ? `Flip ${cardText(top.card)} in ${name} faceup.`
          : `Flip Facedown (2) in ${name} faceup.`;
      out.push({ id: String(out.length), description, action: { type: 'flip', theater: name, owner: side } });
    }
  }
  return out;
}

/** The menu GameBench's code offers `seat` now, with what each id means. */
function menu(v: AlsView, seat: Seat): { instructions: string; entries: Entry[]; extra: CardId | null } {
  const d = v.decision;
  if (!d || d.seat !== seat) return { instructions: PLAY_INSTRUCTIONS, entries: playMenu(v, seat, true), extra: null };
  const from = placeOf(v, d.source)?.name ?? null;
  switch (d.kind) {
    case 'redeploy-play':
      return { instructions: PLAY_INSTRUCTIONS, entries: playMenu(v, seat, false), extra: null };
    case 'maneuver':
      return {
        instructions: INSTRUCTIONS.maneuver,
        entries: flipMenu(v, seat, from ? adjacentOf(v, from) : [], [0, 1]),
        extra: null,
      };
    case 'ambush':
      return {
        instructions: INSTRUCTIONS.ambush,
        entries: flipMenu(
          v,
          seat,
          v.theaters.map((t) => t.name),
          [0, 1],
        ),
        extra: null,
      };
    case 'disrupt':
      return {
        instructions: INSTRUCTIONS.disrupt,
        entries: flipMenu(
          v,
          seat,
          v.theaters.map((t) => t.name),
          [seat],
        ),
        extra: null,
      };
    case 'transport': {
      const mine = v.theaters.flatMap((t) => t.stacks[seat]!.map((p) => ({ p, at: t.name })));
      const entries: Entry[] = [];
      for (const target of v.theaters.map((t) => t.name))
        for (const { p, at } of mine) {
          if (at === target || !p.card) continue;
          const text = p.faceUp
            ? cardText(p.card)
            : 'Facedown-<' + subStrength(cardText(p.card), `> (2-<${CARDS[p.card].strength}>`);
          entries.push({
            id: String(entries.length),
            description: `Move ${text} in ${at} to ${target}.`,
            action: { type: 'move', card: p.card, theater: target },
          });
        }
      entries.push({ id: String(entries.length), description: 'Do not move any cards.', action: { type: 'skip' } });
      return { instructions: INSTRUCTIONS.transport, entries, extra: null };
    }
    case 'redeploy': {
      const entries: Entry[] = [];
      for (const t of v.theaters)
        for (const p of t.stacks[seat]!)
          if (!p.faceUp && p.card)
            entries.push({
              id: String(entries.length),
              description: `Return ${cardText(p.card)} in ${t.name} to your hand in order to play a card.`,
              action: { type: 'return', card: p.card },
            });
      entries.push({ id: String(entries.length), description: 'Do not return any cards.', action: { type: 'skip' } });
      return { instructions: INSTRUCTIONS.redeploy, entries, extra: null };
    }
    case 'reinforce': {
      const drawn = d.drawn;
      const entries: Entry[] = (from && drawn ? adjacentOf(v, from) : []).map((t, i) => ({
        id: String(i),
        description: `Play ${cardText(drawn!)} facedown to ${t}.`,
        action: { type: 'reinforce', theater: t },
      }));
      return { instructions: INSTRUCTIONS.reinforce, entries, extra: drawn };
    }
  }
}

/** The turn as GameBench's code shows it to `seat` (the `gamebench` hook of the game's definition). */
export function gamebenchTurn(v: AlsView, seat: Seat, legal: AlsAction[] | null, _config: AlsConfig): GameBenchTurn {
  const { instructions, entries, extra } = menu(v, seat);
  const allowed = new Set((legal ?? []).map(actionKey));
  return {
    source: 'gamebench',
    title: GAMEBENCH_RULES_TEXT.title,
    summary: GAMEBENCH_RULES_TEXT.summary,
    details: GAMEBENCH_RULES_TEXT.details,
    observation: gamebenchObservation(v, seat, extra),
    instructions,
    predefined: entries.map(({ id, description }) => ({ id, description })),
    openended: [],
    resolve(id): GameBenchChoice {
      const e = entries.find((x) => x.id === id);
      if (!e) return { error: `${id} is not one of GameBench’s action ids here (0 to ${entries.length - 1})` };
      if (!allowed.has(actionKey(e.action)))
        return { error: `${id} (${e.description}) is not a move the arena allows now` };
      return { action: e.action };
    },
  };
}
