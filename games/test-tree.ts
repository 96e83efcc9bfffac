// For board tests without a DOM: the element a board rendered with this aria-label and an onClick, found in the element
// tree the board component returned, so a test can call onClick as a click would.
import type { ReactElement, ReactNode } from 'react';

export type Clickable = ReactElement<{
  'aria-label'?: string;
  children?: ReactNode;
  onClick?: (e: { preventDefault(): void }) => void;
}>;

export function findClickable(node: ReactNode, label: string): Clickable | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const n of node) {
      const f = findClickable(n, label);
      if (f) return f;
    }
    return null;
  }
  const el = node as Clickable;
  if (el.props?.['aria-label'] === label && 'onClick' in (el.props as object)) return el;
  return findClickable(el.props?.children, label);
}
