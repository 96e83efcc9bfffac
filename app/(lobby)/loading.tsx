// Skeleton of the home page while the lobby loads. (Kept inside the route group, not at app/, so that a
// root loading boundary does not start streaming for /matches/[id] before it can answer 404.)
import { ListSkeleton } from '@/components/list-skeleton';

export default function LobbyLoading() {
  return <ListSkeleton label="Loading matches" />;
}
