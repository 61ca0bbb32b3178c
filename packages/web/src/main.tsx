// The host console's entry: the reader's language (its own chunk, loaded before anything draws, so
// no word shows in another language), the theme, the shell, and (in a production build) the service
// worker that keeps every chunk of the app on this device so the console opens without a network.

import { render } from "preact";
import { App } from "./app/App.js";
import { registerServiceWorker } from "./app/serviceWorker.js";
import { startLanguage } from "./i18n/index.js";
import "./app/theme.css";

const root = document.getElementById("app");
if (root) startLanguage().then(() => render(<App />, root));
registerServiceWorker();
