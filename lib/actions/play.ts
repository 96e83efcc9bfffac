// Server actions of the Play page: enter as a guest, create an account or sign in, sign out, keep a guest name with a
// password, start a game, play again. Each is built by lib/actions/define.ts (publicAction for entering, personAction
// for a person with a name), which checks the input with zod and answers with a readable message.
'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { CLIENT_IP_HEADER } from '../client-ip';
import { db } from '../db/client';
import { createAccountFrom, enterAsGuest, keepNameWithPassword, personSignIn } from '../db/entry';
import { formText as text } from '../form-data';
import { endPersonSession, startPersonSession } from '../db/person-session';
import { playControl } from '../play';
import { castVote, type VoteReceipt } from '../db/simulbench/votes';
import { personAction, publicAction } from './define';

/** The client's address as the custom server saw it (lib/client-ip.ts): what the rate limits count. */
const clientAddress = async () => (await headers()).get(CLIENT_IP_HEADER);

const entry = publicAction('play');

// A name (and an account's password) is checked where it is used (lib/people-input.ts), which names the problem.

export const guestAction = entry.form({
  input: (fd) => ({ name: text(fd, 'name') }),
  schema: z.object({ name: z.string() }),
  run: async ({ name }) => {
    const p = await enterAsGuest(db(), { name }, await clientAddress());
    await startPersonSession(p.id);
    redirect('/play');
  },
});

export const accountAction = entry.form({
  input: (fd) => ({ name: text(fd, 'name'), password: text(fd, 'password'), mode: text(fd, 'mode') }),
  schema: z.object({ name: z.string(), password: z.string(), mode: z.string() }),
  run: async ({ name, password, mode }) => {
    const ip = await clientAddress();
    const p = await (mode === 'create'
      ? createAccountFrom(db(), { name, password }, ip)
      : personSignIn(db(), { name, password }, ip));
    await startPersonSession(p.id);
    redirect('/play');
  },
});

/** Nothing to check or refuse: the session ends and the person is back on the Play page. */
export async function signOutAction(): Promise<void> {
  await endPersonSession();
  redirect('/play');
}

const signedOut = personAction('you are not signed in any more: choose a name again');
const passwordSchema = z.object({ password: z.string() });

/**
 * A guest keeps their name and signs out in one step (the sign-out dialog): the password turns the guest into an
 * account, so they can sign back in from any browser. Refused (and still signed in) when the password is not valid.
 */
export const keepNameAndSignOutAction = signedOut.form({
  input: (fd) => ({ password: text(fd, 'password') }),
  schema: passwordSchema,
  run: async ({ password }, me) => {
    if (!me.guest) return { ok: false, error: 'your name already has a password' };
    await keepNameWithPassword(db(), me.id, password, await clientAddress());
    await endPersonSession();
    redirect('/play?signedOut=kept');
  },
});

export const keepNameAction = signedOut.form<object, typeof passwordSchema>({
  input: (fd) => ({ password: text(fd, 'password') }),
  schema: passwordSchema,
  run: async ({ password }, me) => {
    // A guest's first password only: an account's password is not replaced without the old one.
    if (!me.guest) return { ok: false, error: 'your name already has a password' };
    await keepNameWithPassword(db(), me.id, password, await clientAddress());
    return { ok: true };
  },
});

/** What the new-game form sends; the scheduler checks it (lib/play.ts playInputSchema, server/scheduler/play.ts). */
const newGameSchema = z.object({
  gameId: z.string(),
  opponentIds: z.array(z.string()),
  seat: z.string(),
  moveSeconds: z.string().optional(),
});

export const startGameAction = personAction('choose a name first (as a guest or with an account)').form({
  input: (fd) => {
    const moveSeconds = text(fd, 'moveSeconds');
    return {
      gameId: text(fd, 'gameId'),
      opponentIds: fd.getAll('opponentId').filter((v): v is string => typeof v === 'string'),
      seat: text(fd, 'seat') || 'random',
      ...(moveSeconds && moveSeconds !== 'default' ? { moveSeconds } : {}),
    };
  },
  schema: newGameSchema,
  run: async (request, me) => {
    const { matchId } = await playControl().start(me.agentId, request);
    redirect(`/matches/${matchId}`);
  },
});

export const playAgainAction = personAction('choose a name on the Play page first').form({
  input: (fd) => ({ matchId: text(fd, 'matchId') }),
  schema: z.object({ matchId: z.string() }),
  run: async ({ matchId: previous }, me) => {
    const { matchId } = await playControl().rematch(me.agentId, previous);
    redirect(`/matches/${matchId}`);
  },
});

const voteSchema = z.object({ ballot: z.string().min(1).max(4000), choice: z.enum(['first', 'second', 'tie']) });

/**
 * A blind vote between two SimulBench answers; answers with a receipt (not who wrote which:
 * lib/db/simulbench/votes.ts).
 */
export const simulbenchVoteAction = personAction(
  'choose a name on the Play page first (as a guest or with an account): then vote',
).form<{ receipt: VoteReceipt }, typeof voteSchema>({
  input: (fd) => ({ ballot: text(fd, 'ballot'), choice: text(fd, 'choice') }),
  schema: voteSchema,
  run: async ({ ballot, choice }, me) => {
    const receipt = await castVote(db(), ballot, choice, me.id);
    return { ok: true, receipt };
  },
});
