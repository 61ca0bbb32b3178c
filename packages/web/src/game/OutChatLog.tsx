// The out chat as the host sees it: the lines written by players out of the game (docs/api.md
// "The out chat"), read-only, under the game. Shown once it has a line; the living never see it
// (their phones are never sent it), so it is the host's to keep off a screen the players can see:
// it stays folded until opened.

import type { View } from "@misto/engine";
import { t } from "../i18n/index.js";
import { type OutLine, outEntries } from "../phone/chat.js";

export function OutChatLog(props: { view: View; lines: readonly OutLine[] }) {
  if (props.lines.length === 0) return null;
  const entries = outEntries(props.view, props.lines);
  return (
    <details class="out-chat-log">
      <summary>{t("game.outChat.title", { n: entries.length })}</summary>
      <ol class="out-chat-lines">
        {entries.map((e) => (
          <li key={e.key}>
            <span class="out-chat-who">
              {e.seat} · {e.name}:
            </span>{" "}
            {e.text}
          </li>
        ))}
      </ol>
    </details>
  );
}
