// A stream's page has no background of its own: the streaming program draws it over the video.

import { useEffect } from "preact/hooks";

export const TRANSPARENT_CLASS = "stream-page";

export function useTransparentPage(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(TRANSPARENT_CLASS);
    return () => root.classList.remove(TRANSPARENT_CLASS);
  }, []);
}
