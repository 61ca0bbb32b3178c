// The stream's pages and the night's board by route: one chunk, loaded when one is first opened.

import type { Language } from "../i18n/index.js";
import { BoardScreen } from "./BoardScreen.js";
import { BroadcastScreen } from "./BroadcastScreen.js";
import { OverlayScreen } from "./OverlayScreen.js";

export type StreamRoute = { readonly name: "overlay" | "broadcast" | "board"; readonly id: string };

export function StreamPageFor(props: { route: StreamRoute; lang: Language }) {
  const { route, lang } = props;
  switch (route.name) {
    case "overlay":
      return <OverlayScreen key={route.id} tableId={route.id} lang={lang} />;
    case "broadcast":
      return <BroadcastScreen key={route.id} tableId={route.id} lang={lang} />;
    case "board":
      return <BoardScreen key={route.id} nightId={route.id} lang={lang} />;
  }
}
