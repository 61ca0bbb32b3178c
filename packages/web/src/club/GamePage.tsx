// A finished game's page (/games/:id): the players with their cards and points, the corrections
// made to the points (who, when, why), the recap timeline (RATE-1) and the record's download.
// A host or an admin may correct a seat's points, giving a reason.

import type { HostInfo } from "@misto/protocol";
import { clubLinks, type GamePage as Game } from "../api/club.js";
import { ErrorLine, Link, Loading } from "../app/ui.js";
import { cardName } from "../game/cards.js";
import { RecapTimeline } from "../game/Recap.js";
import { type Language, t } from "../i18n/index.js";
import { CorrectPoints } from "./CorrectPoints.js";
import { WinnerMark } from "./parts.js";
import { clubApi } from "./session.js";
import { useLoad } from "./useLoad.js";
import { formatDate, mayCorrect } from "./view.js";

export function GamePage(props: { id: string; me: HostInfo | null | undefined; lang: Language }) {
  const game = useLoad(() => clubApi.game(props.id), `game:${props.id}`);
  if (game.error) return <ErrorLine text={game.error} />;
  if (!game.value) return <Loading />;
  const g = game.value;
  return (
    <section class="club-page">
      <div class="page-head">
        <h1>{g.title || t("club.game.untitled")}</h1>
        <a class="button secondary" href={clubLinks.record(g.id)} download>
          {t("club.game.record")}
        </a>
      </div>
      <p class="game-facts">
        <span>{formatDate(g.endedAt, props.lang)}</span>
        <span>
          <span class="fact-label">{t("club.archive.host")}: </span>
          <Link href={`/players/${encodeURIComponent(g.host.id)}`}>{g.host.name}</Link>
        </span>
        <WinnerMark winner={g.winner} />
      </p>
      <Players game={g} />
      {mayCorrect(props.me?.role) && <CorrectPoints game={g} onDone={game.set} />}
      <Corrections game={g} lang={props.lang} />
      <div class="club-recap">
        <RecapTimeline entries={g.recap} />
      </div>
    </section>
  );
}

function Players(props: { game: Game }) {
  return (
    <div class="table-scroll">
      <table class="data game-players">
        <caption class="visually-hidden">{t("club.game.players")}</caption>
        <thead>
          <tr>
            <th scope="col" class="num">
              {t("club.game.seat")}
            </th>
            <th scope="col">{t("club.game.player")}</th>
            <th scope="col">{t("club.person.card")}</th>
            <th scope="col" class="num">
              {t("club.rating.points")}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.game.players.map((p) => (
            <tr key={p.seat}>
              <td class="num">{p.seat}</td>
              <th scope="row">
                <Link href={`/players/${encodeURIComponent(p.person.id)}`}>{p.person.name}</Link>
              </th>
              <td>{cardName(p.card)}</td>
              <td class="num">
                {p.points}
                {p.corrected && (
                  <span class="badge" title={t("club.game.correctedHelp")}>
                    {t("club.game.corrected")}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Corrections(props: { game: Game; lang: Language }) {
  const list = props.game.corrections;
  if (list.length === 0) return null;
  const when = (at: number) =>
    new Intl.DateTimeFormat(props.lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));
  return (
    <section class="club-section" aria-labelledby="corrections-title">
      <h2 id="corrections-title">{t("club.game.corrections")}</h2>
      <ul class="plain-list corrections">
        {list.map((c, i) => (
          <li key={i}>
            {t("club.game.correctionLine", {
              seat: c.seat,
              from: c.from,
              to: c.to,
              by: c.by.name,
              at: when(c.at),
              reason: c.reason,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
