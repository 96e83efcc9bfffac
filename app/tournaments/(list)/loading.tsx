// Skeleton of the tournaments list while it loads (inside the route group, so /tournaments/[id] can still answer 404).
import { ListSkeleton } from '@/components/list-skeleton';

export default function TournamentsLoading() {
  return <ListSkeleton label="Loading tournaments" />;
}
