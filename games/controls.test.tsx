// The shared move controls: a button that cannot be played does nothing when clicked (a submit one does not submit) and
// says why; a refusal is an alert where the board puts it, taking no room while there is none.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton, MoveError } from './controls';

/** The <button> element an ActionButton renders (it is a plain function component: no hooks but useId). */
function clickOf(el: ReactElement): (e: { preventDefault(): void }) => void {
  return (el.props as { onClick: (e: { preventDefault(): void }) => void }).onClick;
}

describe('ActionButton', () => {
  it('is disabled for real when the move is unavailable: a click calls nothing and stops a form from submitting', () => {
    const onClick = vi.fn();
    const html = renderToStaticMarkup(
      <ActionButton unavailable="Column 4 is full" onClick={onClick} aria-label="Drop in column 4">
        4
      </ActionButton>,
    );
    expect(html).toMatch(/aria-disabled="true"/);
    const described = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`id="${described}"`);
    expect(html).toContain('Column 4 is full');
    // Rendered by React, the element's click handler is the guard: call it as a click would.
    let button!: ReactElement;
    const Probe = () => {
      button = (ActionButton as unknown as (p: object) => ReactElement)({
        unavailable: 'Column 4 is full',
        onClick,
        type: 'submit',
        children: '4',
      });
      return null;
    };
    renderToStaticMarkup(<Probe />);
    const prevented = vi.fn();
    clickOf(button)({ preventDefault: prevented });
    expect(onClick).not.toHaveBeenCalled();
    expect(prevented).toHaveBeenCalled();
  });

  it('plays the move when it is available, and has no description then', () => {
    const onClick = vi.fn();
    let button!: ReactElement;
    const Probe = () => {
      button = (ActionButton as unknown as (p: object) => ReactElement)({ unavailable: null, onClick, children: '4' });
      return null;
    };
    renderToStaticMarkup(<Probe />);
    clickOf(button)({ preventDefault: () => {} });
    expect(onClick).toHaveBeenCalledTimes(1);
    const html = renderToStaticMarkup(<ActionButton onClick={onClick}>4</ActionButton>);
    expect(html).not.toMatch(/aria-disabled|aria-describedby/);
  });
});

describe('MoveError', () => {
  it('is an alert region, empty until there is a refusal to say', () => {
    expect(renderToStaticMarkup(<MoveError error={null} />)).toBe(
      '<div role="alert" class="w-full empty:hidden"></div>',
    );
    expect(renderToStaticMarkup(<MoveError error="column 4 is full" />)).toMatch(
      /<div role="alert"[^>]*><p data-testid="move-error"[^>]*>.*column 4 is full<\/p><\/div>/,
    );
  });
});
