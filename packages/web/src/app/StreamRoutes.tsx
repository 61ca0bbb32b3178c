// The night's board, the overlay and the broadcast view, loaded on first visit (a dynamic import,
// as the club's pages: the host console's first load does not carry them).

import { useEffect, useState } from "preact/hooks";
import { type Language, t } from "../i18n/index.js";
import type { StreamRoute } from "../stream/pages.js";

type StreamModule = typeof import("../stream/pages.js");

let loaded: StreamModule | null = null;

export function StreamRoutes(props: { route: StreamRoute; lang: Language }) {
  const [pages, setPages] = useState<StreamModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    import("../stream/pages.js").then(
      (module) => {
        loaded = module;
        setPages(module);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) return <p role="alert">{t("app.error.offline")}</p>;
  if (!pages) return null;
  return <pages.StreamPageFor route={props.route} lang={props.lang} />;
}
