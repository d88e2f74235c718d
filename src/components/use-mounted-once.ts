// Keeps a lazily loaded modal mounted once it has been opened, so its closing animation still plays.
import { useState } from 'react';

export function useMountedOnce(opened: boolean): boolean {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted || opened;
}
