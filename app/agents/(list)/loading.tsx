// Skeleton of the agents page while the records load. (Kept inside the route group, not at app/agents/, so that it
// does not start streaming /agents/[id] before that page can answer 404.)
import { ListSkeleton } from '@/components/list-skeleton';

export default function AgentsLoading() {
  return <ListSkeleton label="Loading agents" />;
}
