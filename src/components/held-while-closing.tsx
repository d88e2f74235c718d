// A modal's content, kept as last drawn while the modal closes.
import { memo, type ReactNode } from 'react';

/**
 * Renders its children while `open`; once closed it keeps what it last drew, without rendering
 * them again. A closing modal fades out and takes no input, yet its parent re-renders as it
 * closes (its `opened` prop changes), and every field in it with it: for the journal form that
 * was ~10 ms of a page's first Save before the new card showed (docs/performance.md).
 */
export const HeldWhileClosing = memo(
  function HeldWhileClosing({ children }: { open: boolean; children: ReactNode }) {
    return children;
  },
  (_previous, next) => !next.open,
);
