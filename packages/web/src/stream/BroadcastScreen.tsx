// The broadcast view of a table (/broadcast/<id>) for a signed-in host: the overlay with every
// seat's card, as the table stood the server's delay ago. The server sends nothing newer (the
// page asks each second for the frame of that moment), so the stream cannot tell the players.

import { useEffect } from "preact/hooks";
import { formatClock } from "../game/timer.js";
import { t } from "../i18n/index.js";
import type { Language } from "../i18n/types.js";
import { streamApi } from "./api.js";
import { OverlayBody } from "./OverlayBody.js";
import { useTransparentPage } from "./transparent.js";
import { usePolled } from "./usePolled.js";
import "./stream.css";

const POLL_MS = 1000;

export function BroadcastScreen(props: { tableId: string; lang: Language }) {
  const { value, error } = usePolled(() => streamApi.broadcast(props.tableId), POLL_MS, props.tableId);
  useTransparentPage();
  useEffect(() => {
    document.title = t("broadcast.title");
  }, []);
  const delay = value ? formatClock(value.delay * 1000) : "";
  return (
    <main class="overlay overlay-broadcast" lang={props.lang}>
      {error && <Refusal status={error.status} code={error.error} />}
      {value && (
        <p class="overlay-delay" role="status">
          {t("broadcast.behind", { delay })}
        </p>
      )}
      {value?.view ? (
        <OverlayBody view={value.view} cards={value.cards} lag={value.delay * 1000} />
      ) : (
        value && <p class="overlay-status">{t("broadcast.waiting", { delay })}</p>
      )}
    </main>
  );
}

function Refusal(props: { status: number; code: string }) {
  if (props.status === 401)
    return (
      <p class="overlay-status">
        {t("broadcast.signIn")} <a href="/signin">{t("broadcast.signInLink")}</a>
      </p>
    );
  const key =
    props.code === "online"
      ? "broadcast.online"
      : props.status === 403
        ? "broadcast.refused"
        : props.status === 404
          ? "broadcast.noTable"
          : "display.reconnecting";
  return (
    <p class="overlay-status" role="alert">
      {t(key)}
    </p>
  );
}
