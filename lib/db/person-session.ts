// The person cookie for pages and server actions (httpOnly, SameSite=Lax, Secure over HTTPS): who is playing.
import 'server-only';
import { cookies, headers } from 'next/headers';
import { db } from './client';
import { PERSON_COOKIE } from '../people-input';
import { createPersonSession, deletePersonSession, personForToken, type PersonInfo } from './people';

/** The person this browser plays as, or null. */
export async function currentPerson(): Promise<PersonInfo | null> {
  return personForToken(db(), (await cookies()).get(PERSON_COOKIE)?.value);
}

export async function startPersonSession(personId: string): Promise<void> {
  const { token, expiresAt } = await createPersonSession(db(), personId);
  const proto = (await headers()).get('x-forwarded-proto');
  (await cookies()).set(PERSON_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: proto === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export async function endPersonSession(): Promise<void> {
  const jar = await cookies();
  await deletePersonSession(db(), jar.get(PERSON_COOKIE)?.value);
  jar.delete(PERSON_COOKIE);
}
