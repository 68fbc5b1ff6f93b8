import { useEffect, useState } from 'react';

/** Whether the page is visible (its tab in front, the window not minimised); follows visibilitychange. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const follow = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  return visible;
}
