// A live table's views as the text its viewers are sent (../realtime/view-text.ts), built after
// every event for the spectators and each of the twelve seats. The engine's ViewMemo shares the
// parts of those views made from one record, and the TextMemo reuses a part's text while its object
// stays the same, so of the thirteen views only what differs is built and stringified each time.
// Kept one per table: a TextMemo remembers the last object seen in each place of that table's views.

import { ALL_SEATS, type Game, ViewMemo, viewFor } from "@misto/engine";
import { TextMemo, type ViewText, viewText } from "../realtime/view-text.js";

export class TableViews {
  private readonly views = new ViewMemo();
  private readonly texts = new TextMemo();

  spectator(state: Game): ViewText {
    return viewText(viewFor(state, "spectator", this.views), this.texts, "spectator");
  }

  /** Each seat's own view (index seat - 1). */
  seats(state: Game): ViewText[] {
    return ALL_SEATS.map((seat) => viewText(viewFor(state, seat, this.views), this.texts, seat));
  }
}
