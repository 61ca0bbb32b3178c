// The host console's shell: who is signed in, the language, the header, and which page a route shows.

import { useEffect, useState } from "preact/hooks";
import { DisplayScreen } from "../display/DisplayScreen.js";
import { type Language, t, useLang } from "../i18n/index.js";
import { LobbyPage } from "../lobby/LobbyPage.js";
import { NightPage } from "../nights/NightPage.js";
import { NightsPage } from "../nights/NightsPage.js";
import { JoinPage } from "../phone/JoinPage.js";
import { SeatPage } from "../phone/PhoneScreen.js";
import { TournamentPage } from "../tournaments/TournamentPage.js";
import { TournamentsPage } from "../tournaments/TournamentsPage.js";
import { ClubRoutes } from "./ClubRoutes.js";
import { LanguageSwitch } from "./LanguageSwitch.js";
import { ComplaintsPage } from "./pages/Complaints.js";
import { NewTablePage } from "./pages/NewTable.js";
import { OnlineTablePage } from "./pages/OnlineTable.js";
import { PeoplePage } from "./pages/People.js";
import { PersonPage } from "./pages/Person.js";
import { SetupPage } from "./pages/Setup.js";
import { SignInPage } from "./pages/SignIn.js";
import { TablePage } from "./pages/Table.js";
import { TablesPage } from "./pages/Tables.js";
import { type ClubRoute, navigate, type Route, useRoute } from "./router.js";
import { CLUB_ROUTES } from "./routes.js";
import { StreamRoutes } from "./StreamRoutes.js";
import { api, type Me } from "./session.js";
import { UpdateNote } from "./UpdateNote.js";
import { ErrorLine, Link, Loading } from "./ui.js";
import { unsentSteps } from "./useTable.js";

/** Routes a signed-out host may see. */
const OPEN_ROUTES: ReadonlySet<Route["name"]> = new Set([
  "setup",
  "signin",
  "display",
  "overlay",
  "broadcast",
  "board",
  "join",
  "seat",
  "notFound",
]);

export function App() {
  const route = useRoute();
  const [lang] = useLang();
  const [me, setMe] = useState<Me>(undefined);
  /** The server could not be asked who is signed in: show what works offline instead of waiting. */
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  useEffect(() => {
    const ask = () =>
      void api.me().then(async (answer) => {
        if (answer.ok) {
          setOffline(false);
          return setMe(answer.value.host);
        }
        // Offline: the console still opens the tables kept on this device.
        if (answer.error.status === 0) return setOffline(true);
        setOffline(false);
        setMe(null);
        const setup = await api.setupNeeded();
        const here = location.pathname;
        if (setup.ok && setup.value.needed && here !== "/setup") navigate("/setup", { replace: true });
      });
    ask();
    // Opened offline (from the service worker's copy): ask again once the network is back.
    const online = () => ask();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  // A signed-out host is sent to sign in, except offline at a table (its steps are kept and sent later).
  const needsHost = !OPEN_ROUTES.has(route.name);
  useEffect(() => {
    if (me === null && needsHost && navigator.onLine && route.name !== "table") {
      navigate("/signin", { replace: true });
    }
  }, [me, needsHost, route.name]);

  // A member signs in to the club's pages, not to run tables.
  const member = me?.role === "member";
  useEffect(() => {
    if (member && (route.name === "tables" || route.name === "newTable"))
      navigate("/people", { replace: true });
  }, [member, route.name]);

  // Hooks stay above these returns: a route change must not change how many hooks ran.
  if (route.name === "display") {
    return <DisplayScreen tableId={route.id} lang={lang} />;
  }
  // The stream's pages and the night's board: whole-screen, no shell (the broadcast asks its own sign-in).
  if (route.name === "overlay" || route.name === "broadcast" || route.name === "board")
    return <StreamRoutes route={route} lang={lang} />;
  if (route.name === "join") return <JoinPage code={route.code} lang={lang} />;
  if (route.name === "seat") return <SeatPage tableId={route.id} lang={lang} />;

  const signOut = async () => {
    const waiting = unsentSteps();
    if (waiting > 0 && !confirm(t("app.signOut.pending", { n: waiting }))) return;
    await api.signOut();
    setOffline(false);
    setMe(null);
    navigate("/signin");
  };

  return (
    <div class={route.name === "table" ? "shell shell-game" : "shell"}>
      <a class="skip" href="#main">
        {t("app.skip")}
      </a>
      <header class="topbar">
        <Link href="/" class="brand">
          {t("app.name")}
        </Link>
        {(me || offline) && (
          <nav aria-label={t("app.nav.main")} class="topnav">
            {!member && <Link href="/">{t("app.nav.tables")}</Link>}
            {!member && <Link href="/tables/new">{t("app.nav.newTable")}</Link>}
            {me && (
              <>
                <Link href="/rating" aria-current={route.name === "rating" ? "page" : undefined}>
                  {t("app.nav.rating")}
                </Link>
                <Link href="/games" aria-current={route.name === "games" ? "page" : undefined}>
                  {t("app.nav.archive")}
                </Link>
                <Link href="/club" aria-current={route.name === "club" ? "page" : undefined}>
                  {t("app.nav.club")}
                </Link>
              </>
            )}
            {me && (
              <Link href="/nights" aria-current={route.name === "nights" ? "page" : undefined}>
                {t("nights.nav")}
              </Link>
            )}
            {me && (
              <Link href="/tournaments" aria-current={route.name === "tournaments" ? "page" : undefined}>
                {t("tournaments.nav")}
              </Link>
            )}
            {me && (
              <Link href="/lobby" aria-current={route.name === "lobby" ? "page" : undefined}>
                {t("lobby.nav")}
              </Link>
            )}
            <Link href="/people">{t("app.nav.people")}</Link>
            {me?.role === "admin" && <Link href="/complaints">{t("app.nav.complaints")}</Link>}
            {me?.person && <Link href={`/people/${encodeURIComponent(me.person)}`}>{t("app.nav.me")}</Link>}
          </nav>
        )}
        <span class="spacer" />
        <LanguageSwitch class="lang" />
        {me && (
          <button
            type="button"
            class="secondary"
            onClick={signOut}
            title={t("app.signedInAs", { name: me.name })}
          >
            {t("app.nav.signOut")}
          </button>
        )}
      </header>
      <UpdateNote />
      <main id="main" class={route.name === "table" ? "game-main" : "page"} tabIndex={-1}>
        {CLUB_ROUTES.has(route.name) ? (
          me ? (
            <ClubRoutes route={route as ClubRoute} me={me} lang={lang} />
          ) : offline ? (
            <ErrorLine text={t("app.error.offline")} />
          ) : (
            <Loading />
          )
        ) : (
          <Page route={route} host={Boolean(me) || offline} me={me} setMe={setMe} lang={lang} />
        )}
      </main>
    </div>
  );
}

function Page(props: { route: Route; host: boolean; me: Me; setMe: (me: Me) => void; lang: Language }) {
  const { route, host, me, setMe, lang } = props;
  const admin = me?.role === "admin";
  switch (route.name) {
    case "setup":
      return <SetupPage token={route.token} onDone={setMe} />;
    case "signin":
      return <SignInPage onDone={setMe} />;
    case "tables":
      return host ? <TablesPage lang={lang} /> : <Loading />;
    case "newTable":
      return host ? <NewTablePage /> : <Loading />;
    case "table":
      return <TablePage key={route.id} id={route.id} lang={lang} />;
    case "online":
      return host ? <OnlineTablePage key={route.id} id={route.id} lang={lang} /> : <Loading />;
    case "people":
      return me ? <PeoplePage admin={admin} /> : <Loading />;
    case "person":
      return me ? (
        <PersonPage
          key={route.id}
          id={route.id}
          admin={admin}
          mine={me.person === route.id}
          onSignedOut={() => setMe(null)}
          lang={lang}
        />
      ) : (
        <Loading />
      );
    case "complaints":
      return me ? <ComplaintsPage table={null} admin={admin} lang={lang} /> : <Loading />;
    case "tableComplaints":
      return me ? <ComplaintsPage key={route.id} table={route.id} admin={admin} lang={lang} /> : <Loading />;
    case "nights":
      return me ? <NightsPage me={me} lang={lang} /> : <Loading />;
    case "night":
      return me ? <NightPage key={route.id} id={route.id} lang={lang} /> : <Loading />;
    case "tournaments":
      return me ? <TournamentsPage me={me} lang={lang} /> : <Loading />;
    case "tournament":
      return me ? <TournamentPage key={route.id} id={route.id} /> : <Loading />;
    case "lobby":
      return me ? <LobbyPage /> : <Loading />;
    case "display":
    case "overlay":
    case "broadcast":
    case "board":
    case "join":
    case "seat":
    case "rating":
    case "player":
    case "club":
    case "games":
    case "game":
    case "importGames":
      return null;
    case "notFound":
      return (
        <section>
          <h1>{t("app.notFound")}</h1>
          <Link href="/">{t("app.toTables")}</Link>
        </section>
      );
  }
}
