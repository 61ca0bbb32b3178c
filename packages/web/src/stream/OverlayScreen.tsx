// The overlay page of a table (/overlay/<id>) for a streaming program's browser source: 1920×1080
// on a transparent background, public facts only, over the spectators' channel (the display's).

import { useEffect } from "preact/hooks";
import { useSpectatorView } from "../display/useSpectatorView.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { OverlayBody } from "./OverlayBody.js";
import { useTransparentPage } from "./transparent.js";
import "./stream.css";

export function OverlayScreen(props: { tableId: string; lang: Language }) {
  const { view, connected } = useSpectatorView(props.tableId);
  useTransparentPage();
  useEffect(() => {
    document.title = t("overlay.title");
  }, []);
  return (
    <main class="overlay" lang={props.lang}>
      {!connected && (
        <p class="overlay-status" role="status">
          {t("display.reconnecting")}
        </p>
      )}
      {view ? <OverlayBody view={view} /> : <p class="overlay-status">{t("display.waiting")}</p>}
    </main>
  );
}
