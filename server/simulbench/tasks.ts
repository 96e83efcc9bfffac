// The tasks of a SimulBench evaluation: shipped ones by id (all of them by default) or imported ones given whole.
import { getTask, TASKS } from '../../games/simulbench/tasks';
import type { Task } from '../../games/simulbench/types';
import { AdminError } from '../../lib/admin-input';
import type { TournamentSpec } from '../../lib/tournament/spec';

/** Each task of the evaluation with the match config that names it (a shipped task by id, an imported one whole). */
export function simulbenchTasks(
  spec: Extract<TournamentSpec, { format: 'simulbench' }>,
): { task: Task; config: Record<string, unknown> }[] {
  if (spec.tasks) return spec.tasks.map((task) => ({ task, config: { task } }));
  if (!spec.taskIds) return TASKS.map((task) => ({ task, config: { taskId: task.id } }));
  const unknown = spec.taskIds.filter((id) => !getTask(id));
  if (unknown.length) {
    throw new AdminError(
      `there is no shipped SimulBench task ${unknown.map((id) => `"${id}"`).join(', ')}: the tasks are listed on /simulbench (or import your own)`,
    );
  }
  return spec.taskIds.map((id) => ({ task: getTask(id)!, config: { taskId: id } }));
}
