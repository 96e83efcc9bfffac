// Skeleton of the agents page while the records load.
import { ListSkeleton } from '@/components/list-skeleton';

export default function AgentsLoading() {
  return <ListSkeleton label="Loading agents" />;
}
