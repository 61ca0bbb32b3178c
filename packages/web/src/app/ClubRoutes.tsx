// The club's pages, loaded on first visit (a dynamic import: the host console's first load stays
// small). Until the chunk arrives the page says it is loading; offline without it, says so.

import type { HostInfo } from "@misto/protocol";
import { useEffect, useState } from "preact/hooks";
import { type Language, t } from "../i18n/index.js";
import type { ClubRoute } from "./routes.js";
import { ErrorLine, Loading } from "./ui.js";

type ClubModule = typeof import("../club/pages.js");

let loaded: ClubModule | null = null;

export function ClubRoutes(props: { route: ClubRoute; me: HostInfo | null | undefined; lang: Language }) {
  const [pages, setPages] = useState<ClubModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    import("../club/pages.js").then(
      (module) => {
        loaded = module;
        setPages(module);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) return <ErrorLine text={t("app.error.offline")} />;
  if (!pages) return <Loading />;
  return <pages.ClubPageFor route={props.route} me={props.me} lang={props.lang} />;
}
