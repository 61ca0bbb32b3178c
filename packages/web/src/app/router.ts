// The console's routes on the history API: a route is a value, `navigate` changes it, `useRoute`
// follows it. No router library: a dozen routes do not need one.

import { useEffect, useState } from "preact/hooks";
import { matchRoute, type Route } from "./routes.js";

export { type ClubRoute, matchRoute, type Route } from "./routes.js";

const CHANGE = "misto:navigate";

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

const read = () => matchRoute(location.pathname, location.hash, location.search);

export function useRoute(): Route {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    window.addEventListener("popstate", update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}

/** A plain click on an in-app link navigates without a page load; other clicks keep the browser's meaning. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = event.currentTarget as HTMLAnchorElement;
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  if (anchor.target && anchor.target !== "_self") return;
  event.preventDefault();
  navigate(anchor.getAttribute("href") ?? "/");
}
