// A table's join code as a phone needs it: the code in big letters, a QR code of the join link
// (the QR library is loaded only when this is shown) and the link itself.

import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n/index.js";
import { joinLink } from "./join.js";

export function JoinCode(props: { code: string }) {
  const { code } = props;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode-generator").then(({ default: qrcode }) => {
      const qr = qrcode(0, "M");
      qr.addData(joinLink(location.origin, code));
      qr.make();
      if (live) setSvg(qr.createSvgTag({ cellSize: 6, margin: 2, scalable: true }));
    });
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <>
      <p class="phones-code">{t("phones.code", { code })}</p>
      {svg && (
        // The SVG is built here from the join link alone (no outside markup).
        <div
          class="phones-qr"
          role="img"
          aria-label={t("phones.qr")}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <p class="phones-link">{t("phones.link", { link: joinLink(location.origin, code) })}</p>
    </>
  );
}
