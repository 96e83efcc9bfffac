// Signs the admin out (ends the session server-side, clears the cookie) and goes back to the home page.
import { logoutAction } from '@/lib/actions/admin';

export function AdminLogoutButton() {
  return (
    <form action={logoutAction}>
      <button
        type="submit"
        data-testid="logout"
        className="rounded-md px-2.5 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100"
      >
        Sign out
      </button>
    </form>
  );
}
