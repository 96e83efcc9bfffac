// The SimulBench dialogue's game definition (server-safe: no React): a user and a simulator talk on one simulation task.
import { defineGame } from '../../lib/engine/define-game';
import { prompt } from './prompt';
import * as rules from './rules';
import { TASKS, TASKS_VERSION } from './tasks';
import { MAX_REQUEST_CHARS, MAX_RESPONSE_CHARS, MAX_TURNS } from './types';

/** The SimulBench dialogue (a judged evaluation's first stage: nobody wins), for the lead to register. */
export const simulbench = defineGame({
  id: 'simulbench',
  // 2: the messages as the authors' code sends them (a system message to both seats, the user agent's dialogue as
  // JSON and its placeholders filled, a reply's wrapping quotes taken off); 1: the paper's printed prompt, no system
  // message.
  version: 2,
  data: { tasks: TASKS_VERSION },
  reducer: rules,
  publicInformation:
    'one dialogue seen whole by both seats and every spectator: the task, every request and reply, whose turn it is',
  prompt,
  meta: {
    title: 'SimulBench dialogue',
    blurb:
      'A user (a user agent, or a person) talks with a model acting as a simulator — a terminal, a database, a text game — for a few turns on one task; the dialogues are judged afterwards.',
    minPlayers: rules.MIN_PLAYERS,
    maxPlayers: rules.MAX_PLAYERS,
    info: 'perfect',
    chance: false,
    categories: ['language-communication'],
    seatNames: ['User', 'Simulator'],
    humanMoveSeconds: 600,
    scoring: 'evaluation',
    // A dialogue is the first stage of a SimulBench evaluation (server/simulbench): scheduled only as one.
    scheduledBy: 'simulbench',
    // The authors' code asks the user agent again until its request can be read, instead of ending the dialogue.
    minTries: 10,
    modelsOnly: true,
    resultsPath: '/simulbench',
    playNote:
      'A SimulBench dialogue, not a contest: it is not rated. Take the User seat and talk with a model acting as the simulator of a drawn task (a terminal, a database, a game…): write requests, pick the strategy you follow, and end the dialogue when you like. Pick a model as the simulator.',
  },
  // Nothing is hidden: spectators watch the dialogue as it is written.
  spectatorsSeeAll: () => true,
  demoConfig: { turns: 3 },
  rules: {
    summary:
      'SimulBench (Jia et al.) evaluates language models as simulators: acting as a Linux terminal, an SQL engine, a text game or a password generator over several turns with a user. This match is its first stage, the dialogue: the user’s first message is the task description itself, then the simulator (seat 2) replies and the user (seat 1: the user agent, or a person) sends the next request, for up to a set number of requests. Nobody wins: the collected dialogue is judged afterwards.',
    topics: {
      tasks: `A task names what is simulated and the form of a request, the form and style of the output, and the first request (“My first command is …”). Each is stateless (a one-shot tool: every request stands alone) or stateful (an environment that evolves with every request). A match uses a shipped task (games/simulbench/tasks.json, version ${TASKS_VERSION}: ${TASKS.length} tasks) by id, a task given whole (an imported one), or one drawn from the match seed.`,
      turns: `A turn is a user request and the simulator’s reply; the task description is the first request. A dialogue has at most ${MAX_TURNS} turns (4 by default, the paper’s maximum). A person playing the user may end it early; a user agent that gives no usable request ends it too. A request is at most ${MAX_REQUEST_CHARS} characters, a reply at most ${MAX_RESPONSE_CHARS} (longer replies are cut, visibly). An empty reply is allowed: a real system sometimes prints nothing.`,
      strategies:
        'The user agent answers the paper’s prompt (its Appendix B.2) with a strategy and a request, as JSON: 1 Improvement (point out errors, ambiguities or other dissatisfactions with the previous reply), 2 Next step (a related request that builds on earlier outcomes or changes them), 3 New request (same domain, but rarer or much harder), 4 Others (explained in a note). The strategy of every user turn is stored and shown.',
      sampling:
        'As in the authors’ code, the user agent samples (temperature 1.2, at most 300 tokens) so that dialogues on the same task differ, and the simulator is greedy (temperature 0, at most 1,024 tokens); both are sent the system message “You are a helpful assistant.” These replace the agents’ own settings in this game; a match may set its own.',
      scoring:
        'The dialogue itself is not scored: nobody wins and the match is never rated. The judged stages follow it: challenging scripts are extracted from the dialogues (the last turn, or the first turn a judge finds too hard), every target model continues every script and a judge rates the reply from 1 to 10, and models are compared pairwise on the same scripts. See the SimulBench page for the results.',
    },
  },
});
