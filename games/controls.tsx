// Controls every board shares with a person playing it: a move button that is really disabled when the move is not
// possible (and says why on hover and focus), and the refusal of a move shown by the controls that sent it.
'use client';

import { useId, type ButtonHTMLAttributes, type MouseEvent } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  /**
   * Why this move cannot be played now, in the game's words; null or absent when it can. The button is then disabled
   * for real — a click, Enter or space does nothing, and a submit button does not submit — and says why in a tooltip on
   * hover and focus (its accessible description). Style the state with Tailwind's `aria-disabled:` variant.
   */
  unavailable?: string | null;
};

export function ActionButton({
  unavailable,
  onClick,
  className = '',
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const tip = useId();
  const off = !!unavailable;
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    if (off) e.preventDefault();
    else onClick?.(e);
  };
  return (
    <button
      type={type}
      {...rest}
      aria-disabled={off || undefined}
      aria-describedby={off ? tip : rest['aria-describedby']}
      onClick={click}
      className={`group/action relative ${off ? 'cursor-not-allowed' : 'cursor-pointer'} ${className}`}
    >
      {children}
      {off && (
        // Hidden from the button's name (it is its description instead), shown while the button is hovered or focused.
        <span
          id={tip}
          aria-hidden="true"
          className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-1.5 hidden w-max max-w-56 -translate-x-1/2 rounded-md bg-neutral-900 px-2 py-1 text-center text-xs font-normal leading-snug text-white shadow-lg group-hover/action:block group-focus-visible/action:block dark:bg-neutral-100 dark:text-neutral-900"
        >
          {unavailable}
        </span>
      )}
    </button>
  );
}

/**
 * The server's refusal of the person's last move, where the board put the controls that sent it. The live region is
 * always there (so the refusal is announced when it appears); it takes no room while there is nothing to say.
 */
export function MoveError({ error }: { error?: string | null }) {
  return (
    <div role="alert" className="w-full empty:hidden">
      {error ? (
        <p
          data-testid="move-error"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <span aria-hidden="true">✕ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
