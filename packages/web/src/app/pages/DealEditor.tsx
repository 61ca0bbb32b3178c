// The deal: digital (a fresh random seed, or a seed the host types) or the physical cards entered
// seat by seat, checked against the deck as they are picked (deckProblems) and counted per card.

import { CARDS, type Card, DECK, deckProblems } from "@misto/engine";
import { t } from "../../i18n/index.js";
import { type DealDraft, EMPTY_CARDS } from "../forms.js";
import { LIMITS } from "../limits.js";
import { describedBy, Field } from "../ui.js";

export function DealEditor(props: {
  deal: DealDraft;
  names: readonly string[];
  onChange: (deal: DealDraft) => void;
}) {
  const { deal, onChange } = props;
  const physical = deal.mode === "cards";
  return (
    <div class="stack">
      <fieldset class="segmented">
        <legend class="visually-hidden">{t("app.new.deal")}</legend>
        <label>
          <input
            type="radio"
            name="deal-kind"
            checked={!physical}
            onChange={() => onChange({ mode: "random" })}
          />
          <span>{t("app.new.digital")}</span>
        </label>
        <label>
          <input
            type="radio"
            name="deal-kind"
            checked={physical}
            onChange={() => onChange({ mode: "cards", cards: EMPTY_CARDS })}
          />
          <span>{t("app.new.physical")}</span>
        </label>
      </fieldset>
      {!physical && (
        <fieldset class="segmented">
          <legend class="visually-hidden">{t("app.new.digital")}</legend>
          <label>
            <input
              type="radio"
              name="deal-digital"
              checked={deal.mode === "random"}
              onChange={() => onChange({ mode: "random" })}
            />
            <span>{t("app.new.random")}</span>
          </label>
          <label>
            <input
              type="radio"
              name="deal-digital"
              checked={deal.mode === "seed"}
              onChange={() => onChange({ mode: "seed", seed: "" })}
            />
            <span>{t("app.new.seeded")}</span>
          </label>
        </fieldset>
      )}
      {deal.mode === "seed" && (
        <Field id="deal-seed" label={t("app.new.seed")} help={t("app.new.seedHelp")}>
          <input
            id="deal-seed"
            maxLength={LIMITS.seed}
            autoComplete="off"
            spellcheck={false}
            value={deal.seed}
            aria-describedby={describedBy("deal-seed", true, false)}
            onInput={(e) => onChange({ mode: "seed", seed: e.currentTarget.value })}
          />
        </Field>
      )}
      {deal.mode === "cards" && <CardPicker cards={deal.cards} names={props.names} onChange={onChange} />}
    </div>
  );
}

function CardPicker(props: {
  cards: readonly (Card | "")[];
  names: readonly string[];
  onChange: (deal: DealDraft) => void;
}) {
  const { cards } = props;
  const ok = deckProblems(cards).length === 0;
  const pick = (index: number, card: Card | "") =>
    props.onChange({ mode: "cards", cards: cards.map((c, i) => (i === index ? card : c)) });
  return (
    <div class="card-picker">
      <div class="seat-grid">
        {cards.map((card, i) => {
          const id = `card-${i + 1}`;
          const name = props.names[i]?.trim();
          return (
            <div class="field" key={id}>
              <label for={id}>
                {t("app.new.cardOf", { n: i + 1 })}
                {name ? ` · ${name}` : ""}
              </label>
              <select id={id} value={card} onChange={(e) => pick(i, e.currentTarget.value as Card | "")}>
                <option value="">{t("app.new.noCard")}</option>
                {CARDS.map((c) => (
                  <option key={c} value={c}>
                    {t(`app.card.${c}`)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      <table class="deck-count">
        <caption>{t("app.new.deck")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("app.new.card")}</th>
            <th scope="col">{t("app.new.need")}</th>
            <th scope="col">{t("app.new.dealt")}</th>
          </tr>
        </thead>
        <tbody>
          {CARDS.map((c) => {
            const need = DECK.filter((d) => d === c).length;
            const dealt = cards.filter((d) => d === c).length;
            return (
              <tr key={c} class={need === dealt ? "" : "mismatch"}>
                <th scope="row">{t(`app.card.${c}`)}</th>
                <td>{need}</td>
                <td>
                  {dealt}
                  {need === dealt ? " ✓" : dealt > need ? " ▲" : " ▼"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class={ok ? "ok" : "problem"} role="status">
        {ok ? t("app.new.deckOk") : t("app.new.deckBad")}
      </p>
    </div>
  );
}
