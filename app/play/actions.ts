// Server actions of the Play page: enter as a guest, create an account or sign in, sign out, keep a guest name with a
// password, start a game, play again. Each validates with the lib's zod schemas and answers with a readable message.
'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ActionResult } from '@/components/admin-form-action';
import { CLIENT_IP_HEADER } from '@/lib/client-ip';
import { db } from '@/lib/db';
import { createAccountFrom, enterAsGuest, personSignIn } from '@/lib/entry';
import { formText } from '@/lib/form-data';
import { setPassword, type PersonInfo } from '@/lib/people';
import { currentPerson, endPersonSession, startPersonSession } from '@/lib/person-session';
import { playControl } from '@/lib/play';

const text = formText;

/**
 * A failure as an answer for the form. Errors are recognised by name, not class: the scheduler runs outside Next's
 * bundle, so its PlayError is another class than the one imported here.
 */
function fail(err: unknown): { ok: false; error: string } {
  const e = err as { name?: string; message?: string } | null;
  if (e?.name === 'PeopleError' || e?.name === 'PlayError' || e?.name === 'RateLimitError') return { ok: false, error: String(e.message) };
  console.error('[play] action failed:', err);
  return { ok: false, error: 'something went wrong on the server; try again' };
}

async function enter(make: () => Promise<PersonInfo>): Promise<ActionResult> {
  try {
    const p = await make();
    await startPersonSession(p.id);
  } catch (err) {
    return fail(err);
  }
  redirect('/play');
}

/** The client's address as the custom server saw it (lib/client-ip.ts): what the rate limits count. */
const clientAddress = async () => (await headers()).get(CLIENT_IP_HEADER);

export async function guestAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  const ip = await clientAddress();
  return enter(() => enterAsGuest(db(), { name: text(fd, 'name') }, ip));
}

export async function accountAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  const input = { name: text(fd, 'name'), password: text(fd, 'password') };
  const ip = await clientAddress();
  return enter(() => (text(fd, 'mode') === 'create' ? createAccountFrom(db(), input, ip) : personSignIn(db(), input, ip)));
}

export async function signOutAction(): Promise<void> {
  await endPersonSession();
  redirect('/play');
}

/**
 * A guest keeps their name and signs out in one step (the sign-out dialog): the password turns the guest into an
 * account, so they can sign back in from any browser. Refused (and still signed in) when the password is not valid.
 */
export async function keepNameAndSignOutAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  try {
    const me = await currentPerson();
    if (!me) return { ok: false, error: 'you are not signed in any more: choose a name again' };
    if (!me.guest) return { ok: false, error: 'your name already has a password' };
    await setPassword(db(), me.id, text(fd, 'password'));
    await endPersonSession();
  } catch (err) {
    return fail(err);
  }
  redirect('/play?signedOut=kept');
}

export async function keepNameAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  try {
    const me = await currentPerson();
    if (!me) return { ok: false, error: 'you are not signed in any more: choose a name again' };
    // A guest's first password only: an account's password is not replaced without the old one.
    if (!me.guest) return { ok: false, error: 'your name already has a password' };
    await setPassword(db(), me.id, text(fd, 'password'));
    return { ok: true };
  } catch (err) {
    return fail(err);
  }
}

export async function startGameAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  let matchId: string;
  try {
    const me = await currentPerson();
    if (!me) return { ok: false, error: 'choose a name first (as a guest or with an account)' };
    const seat = text(fd, 'seat') || 'random';
    const moveSeconds = text(fd, 'moveSeconds');
    ({ matchId } = await playControl().start(me.agentId, {
      gameId: text(fd, 'gameId'),
      opponentIds: fd.getAll('opponentId').filter((v): v is string => typeof v === 'string'),
      seat,
      ...(moveSeconds && moveSeconds !== 'default' ? { moveSeconds } : {}),
    }));
  } catch (err) {
    return fail(err);
  }
  redirect(`/matches/${matchId}`);
}

export async function playAgainAction(_prev: ActionResult, fd: FormData): Promise<ActionResult> {
  let matchId: string;
  try {
    const me = await currentPerson();
    if (!me) return { ok: false, error: 'choose a name on the Play page first' };
    ({ matchId } = await playControl().rematch(me.agentId, text(fd, 'matchId')));
  } catch (err) {
    return fail(err);
  }
  redirect(`/matches/${matchId}`);
}
