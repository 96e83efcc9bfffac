// "Your games" says results from the person's side, by the record rule's sides: a villager whose side won reads
// "You won" (never a draw), the spy who lost "You lost"; cooperative games give the team score.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '@/lib/db/matches';
import { MatchList } from './match-row';

const third = 1 / 3;

function spyMatch(id: string, scores: number[], teams: string[]): MatchSummary {
  return {
    id,
    gameId: 'spy',
    status: 'finished',
    tournamentName: null,
    failureReason: null,
    rated: true,
    unrated: null,
    result: { scores, reason: 'the spy was voted out', winner: null, teams },
    seats: scores.map((score, seat) => ({
      seat,
      agentId: seat === 0 ? 'me' : `m${seat}`,
      agentName: seat === 0 ? 'Pat' : `model ${seat}`,
      agentKind: seat === 0 ? 'human' : 'llm',
      simulated: false,
      score,
      outcome: null,
    })),
    createdAt: new Date(0),
    startedAt: new Date(0),
    finishedAt: new Date(0),
  };
}

const results = (html: string) => [...html.matchAll(/data-testid="match-row-result"[^>]*>([^<]*)/g)].map((m) => m[1]);

describe('Your games', () => {
  it('says You won / You lost from the person’s side', () => {
    const won = spyMatch('a', [third, third, 0, third], ['villager', 'villager', 'spy', 'villager']);
    const lost = spyMatch('b', [0, 0, 1, 0], ['villager', 'villager', 'spy', 'villager']);
    const asSpy = spyMatch('c', [0, third, third, third], ['spy', 'villager', 'villager', 'villager']);
    const hanabi: MatchSummary = {
      ...spyMatch('d', [0.5, 0.5], ['team', 'team']),
      gameId: 'hanabi',
      result: { scores: [0.5, 0.5], reason: '14 points', winner: null, teams: ['team', 'team'], rewards: [14, 14] },
    };
    const now = new Date(1000);
    expect(
      results(renderToStaticMarkup(<MatchList matches={[won, lost, asSpy, hanabi]} now={now} viewerId="me" />)),
    ).toEqual(['You won', 'You lost', 'You lost', 'Team score 14']);
    // Anyone else's list names the winners.
    expect(results(renderToStaticMarkup(<MatchList matches={[won]} now={now} />))[0]).toMatch(/win$/);
  });
});
