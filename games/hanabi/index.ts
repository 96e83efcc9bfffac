// The Hanabi (small) game definition (server-safe: no React): LLMArena's cooperative two-player Hanabi.
import { defineGame } from '../../lib/engine/define-game';
import { hanabiEngine } from './engine';
import { prompt } from './prompt';
import * as rules from './rules';

export const hanabi = defineGame({
  id: 'hanabi',
  version: 1,
  reducer: rules,
  prompt,
  engine: hanabiEngine,
  meta: {
    title: 'Hanabi (small)',
    blurb:
      'Two players build fireworks together while seeing only each other’s cards: tests cooperation and reasoning about hints.',
    minPlayers: 2,
    maxPlayers: 2,
    info: 'imperfect',
    chance: true,
    categories: ['cooperation', 'hidden-information'],
    normalizedBy: 'reward', // LLMArena's Table 1: average team score, one model in both seats
    seatNames: [...rules.SEAT_NAMES],
    scoring: 'cooperative',
    analysis: {
      labels: {
        play: 'share of moves that play a card',
        discard: 'share of moves that discard',
        reveal: 'share of moves that give a hint',
        misplay: 'share of moves that misplay',
        points: 'team points so far',
      },
    },
    settingsPresets: [
      {
        label: 'points kept, final round',
        help: 'The arena’s rules before issue 17 (not LLMArena’s): a lost last life keeps the points made, and after the last card is drawn each player takes one more turn.',
        config: { zeroOnLoss: false, finalRound: true },
      },
    ],
  },
  rules: {
    summary:
      'A cooperative card game for two, after LLMArena’s small Hanabi: two colours (red and yellow) of cards ranked 1-5, two cards in each hand, 3 information tokens and 1 life token. Each player sees the partner’s cards but not their own. Taking turns, the players reveal information, discard or play cards to build each colour’s firework from 1 to 5; the team scores the sum of the fireworks (at most 10), or 0 if the last life is lost.',
    topics: {
      setup:
        'Each colour has ten cards: three 1s, two 2s, two 3s, two 4s and one 5 (20 cards with two colours). The deck is shuffled from the match seed and each player is dealt two cards. The team starts with 3 information tokens and 1 life token. A match may change the number of colours (1-5: red, yellow, green, white, blue), the hand size, the tokens and the lives.',
      turns:
        'Player 1 moves first, then the players alternate. On a turn a player does exactly one thing: reveal, discard or play.',
      reveal:
        'Spend an information token to point out all of the partner’s cards of one colour, or all of one rank. The colour or rank must match at least one of their cards, and a reveal is impossible without tokens. The partner also learns which cards are NOT of that colour or rank.',
      discard:
        'Discard one of your own cards to regain an information token. As in Hanabi, discarding is not allowed while the team holds all its tokens. The player then draws a card if the deck has any.',
      play: 'Play one of your own cards: if it is exactly one higher than its colour’s firework (a 1 on an empty firework) it extends the firework, and completing a firework with its 5 regains an information token. Otherwise the card is discarded and the team loses a life token. The player then draws a card if the deck has any.',
      ending:
        'The game ends when the last life token is lost, when every firework is complete (10 points with two colours), or when all cards have been drawn from the deck: by default the move that draws the last card is the last move, as LLMArena’s rules say. With the setting finalRound on, each player instead takes one more turn after the last card is drawn (standard Hanabi, and the Hanabi Learning Environment that LLMArena’s code runs on). A deal that uses up the whole deck (one colour, five-card hands) gives each player one turn either way.',
      scoring:
        'The team scores the sum of the top card of each firework, and 0 when the game ends on the last life lost: LLMArena’s convention (its environment is the Hanabi Learning Environment, which scores a lost game 0). With the setting zeroOnLoss off the points made are kept instead. Both seats get the same result: 0.5 each in the arena’s scores, the team score (0-10) as rewards; the leaderboard rates the team’s score.',
      settings:
        'zeroOnLoss (default on): a lost last life scores 0. finalRound (default off): one more turn each after the last draw. The preset “points kept, final round” (zeroOnLoss off, finalRound on) gives the arena’s rules before issue 17; colours, hand size, information tokens and lives are settings too.',
      'answer-format':
        'Models answer with one of the listed moves: "Play card 1", "Discard card 2", "Reveal red", "Reveal 3" (cards are numbered from 1, oldest first). Looser forms such as "play my first card", "discard 2" or "hint yellow" are read too; the last move written counts.',
      'hidden-information':
        'A player sees the partner’s hand, the hints about their own hand (known colour or rank, and what it is not), the fireworks, tokens, discards and the deck size. Spectators of a running match see only what both players know: the hints, not the cards (a player could otherwise read their own hand on the spectator page). Replays and the end of the game show every card.',
      strategy:
        'Play only cards you know fit; spend tokens to make the partner’s playable cards certain; discard old cards nobody pointed at, and keep the 5s. The engine does exactly that from its own view.',
      metrics:
        'Every move records play, discard and reveal (1 for the kind of move made, 0 for the others: their means give the action mix), misplay (1 for a play that cost a life) and points (the team’s score after the move: 0 after a fatal misplay when zeroOnLoss is on).',
    },
  },
});
