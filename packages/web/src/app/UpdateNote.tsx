// "A new version is ready": a quiet note in the shell. Between games it offers "Reload"; during a
// game it only says the version waits for the end of the game (no button, nothing reloads).

import { t } from "../i18n/index.js";
import { applyUpdate, useUpdate } from "./update.js";

export function UpdateNote() {
  const { ready, playing } = useUpdate();
  if (!ready) return null;
  return (
    <section class="update-note" aria-label={t("app.update.title")}>
      <p role="status">{t(playing ? "app.update.afterGame" : "app.update.ready")}</p>
      {!playing && (
        <button type="button" class="secondary" onClick={() => void applyUpdate()}>
          {t("app.update.reload")}
        </button>
      )}
    </section>
  );
}
