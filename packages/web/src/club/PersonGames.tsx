// A player's games, newest first: the game (a link to its page), the card, the result, the points,
// and how the player left it.

import type { PlayedGame } from "../api/club.js";
import { cardName } from "../game/cards.js";
import { type Language, t } from "../i18n/index.js";
import { GameLink } from "./parts.js";
import { formatDate } from "./view.js";

export function outText(out: PlayedGame["out"]): string {
  if (!out) return t("club.out.stayed");
  return t(`club.out.${out.cause}`, { n: out.n, when: t(`club.when.${out.when}`, { n: out.n }) });
}

export function PersonGames(props: { games: readonly PlayedGame[]; lang: Language }) {
  const games = [...props.games].reverse();
  return (
    <section class="club-section" aria-labelledby="person-games">
      <h2 id="person-games">{t("club.person.gamesList")}</h2>
      {games.length === 0 ? (
        <p>{t("club.person.noGames")}</p>
      ) : (
        <div class="table-scroll">
          <table class="data">
            <thead>
              <tr>
                <th scope="col">{t("club.person.date")}</th>
                <th scope="col">{t("club.person.game")}</th>
                <th scope="col">{t("club.person.card")}</th>
                <th scope="col">{t("club.person.result")}</th>
                <th scope="col" class="num">
                  {t("club.person.points")}
                </th>
                <th scope="col">{t("club.person.out")}</th>
              </tr>
            </thead>
            <tbody>
              {games.map((g) => (
                <tr key={g.table}>
                  <td class="date">{formatDate(g.endedAt, props.lang)}</td>
                  <td>
                    <GameLink id={g.table} title={g.title} />
                  </td>
                  <td class={`team-${g.team}`}>{cardName(g.card)}</td>
                  <td>{t(`club.result.${g.result}`)}</td>
                  <td class="num">{g.points}</td>
                  <td>{outText(g.out)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
