"""History, statistics, replay, player profiles and backup screens (an app extension).

companion.app imports this module (EXTENSION_MODULES); it registers
``SCREENS["history" | "stats" | "replay" | "profiles" | "backup"]`` and, at
each session start, chains a "Verlauf & Statistik" block onto the home screen
(``shell.home_extra``, keeping what another extension put there).

View state lives in ``shell.ui`` under ``hist_*`` keys. Every figure comes
from companion.history (plain Python); nothing here decides a rule.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import flet as ft

from companion import bgstats_ui, history as H, registry
from companion.app import EXTENSIONS, SCREENS, game_ui
from companion.dispute import describe_action
from companion.i18n import add_strings
from companion.profiles import COLORS as PROFILE_COLORS, delete_profile, get_profile, list_profiles, save_profile
from components.common import TOUCH, big_button, info_line, section_title
from components.profile_picker import swatch
from scoring.engine import get_game
from scoring.errors import InvalidInput, Refusal

log = logging.getLogger("tischrichter.history")

PAGE = 20  # history items per page
CHART_PLAYERS = 5  # lines in the score chart
CHART_POINTS = 30  # last games per line
SHOW_MAX = 200_000  # characters of export text shown in the page (bigger: the file only)
LINE_COLORS = (ft.Colors.INDIGO_600, ft.Colors.RED_600, ft.Colors.GREEN_700, ft.Colors.AMBER_800,
               ft.Colors.PURPLE_500, ft.Colors.TEAL_600, ft.Colors.BROWN_500, ft.Colors.PINK_400)

add_strings(
    {
        "hist.home.title": {"de": "Verlauf & Statistik", "en": "History & statistics"},
        "hist.history": {"de": "Verlauf", "en": "History"},
        "hist.stats": {"de": "Statistik", "en": "Statistics"},
        "hist.profiles": {"de": "Spielerprofile", "en": "Player profiles"},
        "hist.backup": {"de": "Sichern & Einlesen", "en": "Backup & import"},
        "hist.date": {"de": "{d}.{m}.{y} {hm}", "en": "{y}-{m}-{d} {hm}"},
        "hist.all_games": {"de": "Alle Spiele", "en": "All games"},
        "hist.none": {"de": "Noch keine beendeten Spiele.", "en": "No finished games yet."},
        "hist.count": {"de": {"count": "total", "one": "{shown} von {total} Spiel", "other": "{shown} von {total} Spielen"},
                       "en": {"count": "total", "one": "{shown} of {total} game", "other": "{shown} of {total} games"}},
        "hist.more": {"de": "Mehr anzeigen", "en": "Show more"},
        "hist.item": {"de": "{game} · {date}", "en": "{game} · {date}"},
        "hist.place": {"de": "{place}. {name} {total}", "en": "{place}. {name} {total}"},
        "hist.lost": {"de": "{name} {total} (verloren)", "en": "{name} {total} (lost)"},
        "hist.open": {"de": "Wertung", "en": "Scores"},
        "hist.open_tip": {"de": "Wertung ansehen: {label}", "en": "See the scores: {label}"},
        "hist.replay": {"de": "Nachspielen", "en": "Replay"},
        "hist.replay_tip": {"de": "Zug für Zug nachspielen: {label}", "en": "Replay move by move: {label}"},
        "hist.export_one": {"de": "Export", "en": "Export"},
        "hist.export_one_tip": {"de": "Dieses Spiel exportieren: {label}", "en": "Export this game: {label}"},
        "hist.back_history": {"de": "Zurück zum Verlauf", "en": "Back to the history"},
        # replay
        "hist.rp.title": {"de": "Nachspielen: {game}", "en": "Replay: {game}"},
        "hist.rp.step": {"de": "Zug {k} von {n}", "en": "Move {k} of {n}"},
        "hist.rp.start": {"de": "Aufstellung (vor dem ersten Zug)", "en": "Setup (before the first move)"},
        "hist.rp.move": {"de": "Zug {k}: {what}", "en": "Move {k}: {what}"},
        "hist.rp.first": {"de": "Zum Anfang", "en": "To the start"},
        "hist.rp.prev": {"de": "Zug zurück", "en": "Previous move"},
        "hist.rp.next": {"de": "Zug vor", "en": "Next move"},
        "hist.rp.last": {"de": "Zum Ende", "en": "To the end"},
        "hist.rp.standing": {"de": "Stand nach diesem Zug", "en": "Standing after this move"},
        "hist.rp.broken": {"de": "Dieses Spiel lässt sich nicht nachspielen ({detail}).",
                           "en": "This game cannot be replayed ({detail})."},
        "hist.rp.none": {"de": "—", "en": "—"},
        # statistics
        "hist.st.title": {"de": "Statistik", "en": "Statistics"},
        "hist.st.games": {"de": {"one": "{n} Spiel", "other": "{n} Spiele"}, "en": {"one": "{n} game", "other": "{n} games"}},
        # counts inside longer lines (one plural mechanism: companion.i18n / scoring.texts)
        "hist.n.wins": {"de": {"one": "{n} Sieg", "other": "{n} Siege"}, "en": {"one": "{n} win", "other": "{n} wins"}},
        "hist.n.in_games": {"de": {"one": "{n} Spiel", "other": "{n} Spielen"}, "en": {"one": "{n} game", "other": "{n} games"}},
        "hist.n.profiles": {"de": {"one": "{n} Profil", "other": "{n} Profile"},
                            "en": {"one": "{n} profile", "other": "{n} profiles"}},
        "hist.n.new_games": {"de": {"one": "{n} neues Spiel", "other": "{n} neue Spiele"},
                             "en": {"one": "{n} new game", "other": "{n} new games"}},
        "hist.n.new_profiles": {"de": {"one": "{n} neues Profil", "other": "{n} neue Profile"},
                                "en": {"one": "{n} new profile", "other": "{n} new profiles"}},
        "hist.st.ranking": {"de": "Rangliste (alle Spiele)", "en": "Ranking (all games)"},
        "hist.st.rank_line": {"de": "{name}: {wins} in {games} ({rate} %)",
                              "en": "{name}: {wins} in {games} ({rate} %)"},
        "hist.st.win_shares": {"de": "Anteil an den Siegen", "en": "Share of the wins"},
        "hist.st.scores_over_time": {"de": {"one": "Punkte im Lauf der Zeit ({n} Spiel)",
                                            "other": "Punkte im Lauf der Zeit (letzte {n} Spiele)"},
                                     "en": {"one": "Points over time ({n} game)", "other": "Points over time (last {n} games)"}},
        "hist.st.game_line": {"de": {"count": "games", "one": "{games} Spiel · Ø Siegerpunkte {avg} · Rekord {best} ({by})",
                                     "other": "{games} Spiele · Ø Siegerpunkte {avg} · Rekord {best} ({by})"},
                              "en": {"count": "games", "one": "{games} game · avg winning score {avg} · record {best} ({by})",
                                     "other": "{games} games · avg winning score {avg} · record {best} ({by})"}},
        "hist.st.game_figs": {"de": "Ø je Spieler und Spiel: {figs}", "en": "Avg per player and game: {figs}"},
        "hist.st.player_head": {"de": "{name}: {wins} von {games} gewonnen ({rate} %)",
                                "en": "{name}: won {wins} of {games} ({rate} %)"},
        "hist.st.player_scores": {"de": "Ø {avg} · bestes {best} · schlechtestes {worst}",
                                  "en": "avg {avg} · best {best} · worst {worst}"},
        "hist.st.player_figs": {"de": "Ø {figs}", "en": "avg {figs}"},
        "hist.st.fig": {"de": "{label} {value}", "en": "{label} {value}"},
        "hist.st.player_tip": {"de": "Statistik von {name}", "en": "Statistics of {name}"},
        "hist.st.back_ranking": {"de": "Zurück zur Rangliste", "en": "Back to the ranking"},
        "hist.st.players": {"de": "Spieler", "en": "Players"},
        "hist.st.none": {"de": "Noch keine Spiele für eine Statistik.", "en": "No games for statistics yet."},
        # profiles
        "hist.prof.title": {"de": "Spielerprofile", "en": "Player profiles"},
        "hist.prof.none": {"de": "Noch keine Profile. Lege unten eins an.", "en": "No profiles yet. Create one below."},
        "hist.prof.line": {"de": "{name}", "en": "{name}"},
        "hist.prof.lucky_line": {"de": "Glückszahlen {a} und {b}", "en": "Lucky numbers {a} and {b}"},
        "hist.prof.character_line": {"de": "Verlies: {character}", "en": "Dungeon: {character}"},
        "hist.prof.edit": {"de": "Bearbeiten: {name}", "en": "Edit: {name}"},
        "hist.prof.delete": {"de": "Löschen: {name}", "en": "Delete: {name}"},
        "hist.prof.new": {"de": "Neues Profil", "en": "New profile"},
        "hist.prof.editing": {"de": "Profil bearbeiten", "en": "Edit profile"},
        "hist.prof.name": {"de": "Name", "en": "Name"},
        "hist.prof.color": {"de": "Farbe", "en": "Colour"},
        "hist.prof.lucky": {"de": "Lieblings-Glückszahlen (Qwixx Longo)", "en": "Favourite lucky numbers (Qwixx Longo)"},
        "hist.prof.character": {"de": "Lieblingsfigur (Verlies)", "en": "Favourite character (dungeon)"},
        "hist.prof.save": {"de": "Profil speichern", "en": "Save profile"},
        "hist.prof.cancel": {"de": "Abbrechen", "en": "Cancel"},
        "hist.prof.saved": {"de": "Profil {name} gespeichert.", "en": "Profile {name} saved."},
        "hist.prof.deleted": {"de": "Profil {name} gelöscht; seine Spiele bleiben.",
                              "en": "Profile {name} deleted; its games stay."},
        "hist.prof.err_name": {"de": "Bitte einen Namen eingeben (höchstens 40 Zeichen).",
                               "en": "Please type a name (at most 40 characters)."},
        "hist.prof.err_taken": {"de": "Diesen Namen hat schon ein anderes Profil.",
                                "en": "Another profile already has this name."},
        "hist.prof.err_lucky": {"de": "Glückszahlen: zwei verschiedene Zahlen von 2 bis 16 (oder leer lassen).",
                                "en": "Lucky numbers: two different numbers from 2 to 16 (or leave empty)."},
        "hist.prof.err_other": {"de": "Das Profil ließ sich nicht speichern ({detail}).",
                                "en": "The profile could not be saved ({detail})."},
        "hist.color.red": {"de": "Rot", "en": "Red"},
        "hist.color.orange": {"de": "Orange", "en": "Orange"},
        "hist.color.yellow": {"de": "Gelb", "en": "Yellow"},
        "hist.color.green": {"de": "Grün", "en": "Green"},
        "hist.color.teal": {"de": "Türkis", "en": "Teal"},
        "hist.color.blue": {"de": "Blau", "en": "Blue"},
        "hist.color.indigo": {"de": "Indigo", "en": "Indigo"},
        "hist.color.purple": {"de": "Lila", "en": "Purple"},
        "hist.color.pink": {"de": "Rosa", "en": "Pink"},
        "hist.color.brown": {"de": "Braun", "en": "Brown"},
        "hist.color.grey": {"de": "Grau", "en": "Grey"},
        "hist.color.black": {"de": "Schwarz", "en": "Black"},
        "hist.color.pick": {"de": "Farbe wählen: {color}", "en": "Choose colour: {color}"},
        # backup
        "hist.bk.title": {"de": "Sichern & Einlesen", "en": "Backup & import"},
        "hist.host_only": {
            "de": "Verlauf, Statistik, Profile und Sicherungen gibt es nur am Gerät, das den Tisch bereitstellt.",
            "en": "History, statistics, profiles and backups live only on the device that hosts the table.",
        },
        "hist.bk.host_only": {
            "de": "Sichern und Einlesen geht nur am Gerät, das den Tisch bereitstellt: eine Sicherung enthält auch verdeckte Schätze laufender Spiele.",
            "en": "Backup and import work only on the device that hosts the table: a backup also holds the hidden treasures of running games.",
        },
        "hist.bk.export": {"de": "Exportieren", "en": "Export"},
        "hist.bk.all_json": {"de": "Alles sichern (JSON)", "en": "Back up everything (JSON)"},
        "hist.bk.csv": {"de": "Ergebnisse als CSV", "en": "Results as CSV"},
        "hist.bk.one_title": {"de": "Ein Spiel als Protokoll: {label}", "en": "One game as a record: {label}"},
        "hist.bk.download_failed": {"de": "Herunterladen ging nicht; bitte den Text unten kopieren.",
                                    "en": "The download did not work; please copy the text below."},
        "hist.bk.too_big": {"de": "Zu groß zum Anzeigen ({chars} Zeichen): bitte die Datei verwenden.",
                            "en": "Too large to show ({chars} characters): please use the file."},
        "hist.bk.out_label": {"de": "Exportierter Text", "en": "Exported text"},
        "hist.bk.summary": {"de": "{games}, {profiles}", "en": "{games}, {profiles}"},
        "hist.bk.import": {"de": "Einlesen", "en": "Import"},
        "hist.bk.import_help": {
            "de": "Den Text einer Sicherung (oder eines Spielprotokolls) einfügen. Alles wird erst geprüft; "
                  "Spiele, die schon da sind, bleiben unverändert.",
            "en": "Paste the text of a backup (or of a game record). Everything is checked first; "
                  "games already here stay as they are.",
        },
        "hist.bk.in_label": {"de": "Sicherung einfügen", "en": "Paste a backup"},
        "hist.bk.do_import": {"de": "Prüfen und einlesen", "en": "Check and import"},
        "hist.bk.imported": {
            "de": "Eingelesen: {added}, {already} schon vorhanden, {profiles}.",
            "en": "Imported: {added}, {already} already here, {profiles}.",
        },
        "hist.bk.differing": {
            "de": {"one": "{n} Spiel gibt es hier schon in anderer Fassung; es blieb unverändert.",
                   "other": "{n} Spiele gibt es hier schon in anderer Fassung; sie blieben unverändert."},
            "en": {"one": "{n} game exists here in another version; it was left as it is.",
                   "other": "{n} games exist here in another version; they were left as they are."},
        },
        "hist.bk.download": {"de": "Herunterladen", "en": "Download"},
        "hist.bk.download_tip": {"de": "Als Datei herunterladen: {name}", "en": "Download as a file: {name}"},
        "hist.bk.downloaded": {"de": "Heruntergeladen: {name}", "en": "Downloaded: {name}"},
        "hist.bk.pick_file": {"de": "Datei wählen und einlesen", "en": "Choose a file and import"},
        "hist.bk.picker_failed": {"de": "Dateiauswahl nicht möglich ({detail}); bitte den Text einfügen.",
                                  "en": "Choosing a file is not possible ({detail}); please paste the text."},
        "hist.bk.readonly": {"de": "Nur lesen: Einlesen ist nicht möglich.", "en": "Read only: importing is not possible."},
    }
)


# --- small helpers ------------------------------------------------------------------------

def _charts():
    """flet-charts, imported when a chart is first drawn (it costs ~0.17 s at server start)."""
    import flet_charts

    return flet_charts

def fmt_date(shell: Any, iso: str | None) -> str:
    if not iso or len(iso) < 16:
        return iso or ""
    return shell.t("hist.date", y=iso[0:4], m=iso[5:7], d=iso[8:10], hm=iso[11:16])


def fmt_num(shell: Any, x: float) -> str:
    text = f"{x:.1f}"
    return text.replace(".", ",") if shell.lang == "de" else text


def pct(x: float) -> str:
    return str(round(100 * x))


def game_title(shell: Any, gid: str) -> str:
    return registry.title_of(gid, shell.lang)


def _label(shell: Any, g: dict[str, Any]) -> str:
    return shell.t("hist.item", game=game_title(shell, g["game"]), date=fmt_date(shell, g["updated"]))


def _back_row(shell: Any, *extra: ft.Control) -> ft.Control:
    return ft.Row(
        [ft.TextButton(content=shell.t("hist.back_history"), height=TOUCH,
                       on_click=lambda e: shell.go("history")), *extra],
        wrap=True,
    )


def _game_filter(shell: Any, key: str, games: list[str], *, all_label: bool = True) -> ft.Control:
    current = shell.ui.get(key)
    chips = []
    options: list[tuple[str | None, str]] = ([(None, shell.t("hist.all_games"))] if all_label else [])
    options += [(g, game_title(shell, g)) for g in games]
    for gid, text in options:
        selected = current == gid
        chips.append(
            ft.Button(
                content=ft.Text(text, size=15, weight=ft.FontWeight.BOLD if selected else ft.FontWeight.NORMAL),
                height=48,
                bgcolor=ft.Colors.BLUE_100 if selected else None,
                on_click=lambda e, gid=gid: shell.go(shell.screen, **{key: gid, "hist_limit": PAGE,
                                                                      "hist_stats_player": None}),
            )
        )
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6)


def _stretch(items: list[ft.Control]) -> ft.Control:
    """Cards as wide as the screen."""
    return ft.Column(items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _known_games() -> list[str]:
    return list(registry.game_uis())


# --- home ---------------------------------------------------------------------------------
def home_block(shell: Any) -> list[ft.Control]:
    return [
        section_title(shell.t("hist.home.title")),
        ft.Row(
            [
                big_button(shell.t("hist.history"), lambda e: shell.go("history", hist_limit=PAGE)),
                big_button(shell.t("hist.stats"), lambda e: shell.go("stats")),
                big_button(shell.t("hist.profiles"), lambda e: shell.go("profiles", hist_prof=None)),
                big_button(shell.t("hist.backup"), lambda e: shell.go("backup", hist_export=None, hist_out=None,
                                                                      hist_msg=None)),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
    ]


def extension(shell: Any) -> None:
    prev = getattr(shell, "home_extra", None)
    if getattr(prev, "_hist", False):
        return

    def chained(s: Any) -> list[ft.Control]:
        out = list(prev(s)) if prev else []
        if getattr(s, "scope", None) is not None:
            return out  # a table's guest on the LAN: the host's history stays on the host
        return out + home_block(s)

    chained._hist = True  # type: ignore[attr-defined]
    shell.home_extra = chained


# --- history --------------------------------------------------------------------------------
def history_screen(shell: Any) -> list[ft.Control]:
    store = shell.ctx.store
    game = shell.ui.get("hist_game_filter")
    limit = int(shell.ui.get("hist_limit") or PAGE)
    total = H.count_finished(store, game)
    games = H.finished_games(store, game=game, limit=limit)
    out: list[ft.Control] = [
        ft.Text(shell.t("hist.history"), size=22, weight=ft.FontWeight.BOLD),
        _game_filter(shell, "hist_game_filter", _known_games()),
    ]
    if not games:
        out.append(info_line(shell.t("hist.none")))
        return out
    out.append(ft.Text(shell.t("hist.count", shown=len(games), total=total), size=14, color=ft.Colors.BLUE_GREY_700))
    out.append(_stretch([_history_item(shell, g) for g in games]))
    if total > len(games):
        out.append(big_button(shell.t("hist.more"), lambda e: shell.go("history", hist_limit=limit + PAGE)))
    return out


def _standings_text(shell: Any, g: dict[str, Any]) -> list[str]:
    res = g.get("result") or {}
    lines = []
    for p in sorted(res.get("players", []), key=lambda p: (p.get("lost", False), p.get("place", 99), p.get("seat", 0))):
        if p.get("lost"):
            lines.append(shell.t("hist.lost", name=p.get("name", "?"), total=p.get("total", 0)))
        else:
            lines.append(shell.t("hist.place", place=p.get("place"), name=p.get("name", "?"), total=p.get("total", 0)))
    return lines


def _history_item(shell: Any, g: dict[str, Any]) -> ft.Control:
    label = _label(shell, g)
    has_ui = game_ui(g["game"]) is not None
    buttons: list[ft.Control] = []
    if has_ui:
        buttons.append(big_button(shell.t("hist.open"), lambda e, gid=g["id"]: shell.open_table(gid),
                                  tooltip=shell.t("hist.open_tip", label=label)))
    buttons.append(big_button(shell.t("hist.replay"), lambda e, gid=g["id"]: shell.go("replay", hist_replay=gid,
                                                                                       hist_step=None),
                              tooltip=shell.t("hist.replay_tip", label=label)))
    buttons.append(big_button(shell.t("hist.export_one"),
                              lambda e, gid=g["id"]: shell.go("backup", hist_export=gid, hist_out=None, hist_msg=None),
                              tooltip=shell.t("hist.export_one_tip", label=label)))
    buttons.append(bgstats_ui.history_button(shell, g["id"], label))
    standings = _standings_text(shell, g)
    return ft.Container(
        bgcolor=ft.Colors.BLUE_GREY_50,
        border_radius=12,
        padding=10,
        content=ft.Column(
            [
                ft.Text(label, size=16, weight=ft.FontWeight.BOLD),
                ft.Text(" · ".join(standings), size=15),
                ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
            ],
            spacing=6,
        ),
    )


# --- replay ---------------------------------------------------------------------------------
def _replay_data(shell: Any, gid: str) -> dict[str, Any]:
    cached = shell.ui.get("hist_replay_cache")
    if cached and cached["id"] == gid:
        return cached
    record = shell.ctx.store.record(gid)
    data: dict[str, Any] = {"id": gid, "record": record, "states": None, "error": None}
    try:
        data["states"] = H.replay_steps(record)
    except (Refusal, InvalidInput) as exc:
        data["error"] = str(exc)
    shell.ui["hist_replay_cache"] = data
    return data


def action_words(shell: Any, record: Any, k: int, states: list[Any]) -> str:
    """Move k of a record in the player's words: the same describe hook as the live game (companion.dispute)."""
    names = [p.name for p in record.players]
    return describe_action(get_game(record.game), names, record.actions[k - 1].action, shell.lang, states[k - 1])


def _player_detail(shell: Any, game: str, b: dict[str, Any]) -> str:
    """One player's result in words: the game's own ``detail`` hook (none: nothing)."""
    ui = registry.game_uis().get(game)
    return ui.detail(shell, b) if ui is not None and ui.detail is not None else ""


def replay_screen(shell: Any) -> list[ft.Control]:
    gid = shell.ui.get("hist_replay")
    if not gid or not shell.ctx.store.has_game(gid):
        return [_back_row(shell), info_line(shell.t("hist.none"))]
    data = _replay_data(shell, gid)
    record = data["record"]
    game = get_game(record.game)
    out: list[ft.Control] = [
        _back_row(shell),
        ft.Text(shell.t("hist.rp.title", game=game_title(shell, record.game)), size=22, weight=ft.FontWeight.BOLD),
    ]
    if data["error"]:
        out.append(info_line(shell.t("hist.rp.broken", detail=data["error"][:120]), color=ft.Colors.RED_50))
        return out
    states = data["states"]
    n = len(states) - 1
    k = shell.ui.get("hist_step")
    k = n if k is None else max(0, min(n, int(k)))

    def goto(step: int) -> None:
        shell.ui["hist_step"] = step
        shell.render()

    # the step on its own line, the four buttons in one row below it: on a 360 px phone the row
    # with the text between them broke "Zum Ende" onto a line of its own (issue 15.1)
    nav = ft.Column(
        [
            ft.Text(shell.t("hist.rp.step", k=k, n=n), size=18, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER),
            ft.Row(
                [
                    ft.IconButton(icon=ft.Icons.FIRST_PAGE, icon_size=32, tooltip=shell.t("hist.rp.first"),
                                  disabled=k <= 0, on_click=lambda e: goto(0)),
                    ft.IconButton(icon=ft.Icons.CHEVRON_LEFT, icon_size=40, tooltip=shell.t("hist.rp.prev"),
                                  disabled=k <= 0, on_click=lambda e: goto(k - 1)),
                    ft.IconButton(icon=ft.Icons.CHEVRON_RIGHT, icon_size=40, tooltip=shell.t("hist.rp.next"),
                                  disabled=k >= n, on_click=lambda e: goto(k + 1)),
                    ft.IconButton(icon=ft.Icons.LAST_PAGE, icon_size=32, tooltip=shell.t("hist.rp.last"),
                                  disabled=k >= n, on_click=lambda e: goto(n)),
                ],
                alignment=ft.MainAxisAlignment.SPACE_EVENLY,
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
    out.append(nav)
    if k == 0:
        out.append(info_line(shell.t("hist.rp.start")))
    else:
        out.append(info_line(shell.t("hist.rp.move", k=k, what=action_words(shell, record, k, states))))
    state = states[k]
    result = game.result(state)
    out.append(section_title(shell.t("hist.rp.standing")))
    cards = []
    for p in sorted(result.players, key=lambda p: (p.place, p.seat)):
        line = (shell.t("hist.lost", name=p.name, total=p.total) if p.lost
                else shell.t("hist.place", place=p.place, name=p.name, total=p.total))
        cards.append(
            ft.Container(
                bgcolor=ft.Colors.AMBER_50 if p.place == 1 and game.is_over(state) else ft.Colors.BLUE_GREY_50,
                border_radius=10,
                padding=8,
                content=ft.Column(
                    [ft.Text(line, size=17, weight=ft.FontWeight.BOLD),
                     ft.Text(_player_detail(shell, record.game, p.breakdown), size=14)],
                    spacing=2,
                ),
            )
        )
    out.append(_stretch(cards))
    return out


# --- statistics -------------------------------------------------------------------------------
def stats_screen(shell: Any) -> list[ft.Control]:
    st = H.compute_stats(shell.ctx.store)
    return stats_controls(shell, st)


def stats_controls(shell: Any, st: H.Stats) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(shell.t("hist.st.title"), size=22, weight=ft.FontWeight.BOLD)]
    if not st.games:
        out.append(info_line(shell.t("hist.st.none")))
        return out
    played = [g for g in _known_games() if g in st.per_game] + sorted(set(st.per_game) - set(_known_games()))
    out.append(_game_filter(shell, "hist_stats_game", played))
    game = shell.ui.get("hist_stats_game")
    player = shell.ui.get("hist_stats_player")
    if game not in st.per_game and player in st.per_player:
        out += _per_player(shell, st, player)
    elif game not in st.per_game:
        out += _overall(shell, st)
    else:
        out += _per_game(shell, st, game)
    return out


def _overall(shell: Any, st: H.Stats) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(shell.t("hist.st.games", n=st.games), size=15)]
    ranking = st.ranking()
    out.append(section_title(shell.t("hist.st.ranking")))
    for ln in ranking:
        out.append(
            ft.Container(
                content=ft.Row(
                    [ft.Text(shell.t("hist.st.rank_line", name=ln.name, wins=shell.t("hist.n.wins", n=ln.wins),
                                            games=shell.t("hist.n.in_games", n=ln.games),
                                     rate=pct(ln.win_rate)), size=16, expand=True),
                     ft.Icon(ft.Icons.CHEVRON_RIGHT, color=ft.Colors.BLUE_GREY_400)],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=48,
                padding=ft.Padding.symmetric(horizontal=6),
                border_radius=8,
                ink=True,
                tooltip=shell.t("hist.st.player_tip", name=ln.name),
                on_click=lambda e, key=ln.key: shell.go("stats", hist_stats_player=key, hist_stats_game=None),
            )
        )
    winners = [ln for ln in ranking if ln.wins]
    if winners:
        out.append(section_title(shell.t("hist.st.win_shares")))
        out.append(_win_pie(winners))
    return out


def _per_player(shell: Any, st: H.Stats, key: str) -> list[ft.Control]:
    me = st.per_player[key]
    out: list[ft.Control] = [
        ft.TextButton(content=shell.t("hist.st.back_ranking"), height=TOUCH,
                      on_click=lambda e: shell.go("stats", hist_stats_player=None)),
        ft.Text(me.name, size=20, weight=ft.FontWeight.BOLD),
        info_line(shell.t("hist.st.rank_line", name=me.name, wins=shell.t("hist.n.wins", n=me.wins),
                          games=shell.t("hist.n.in_games", n=me.games), rate=pct(me.win_rate))),
    ]
    mine = [(g, st.per_player_game[(g, key)]) for g in st.per_game if (g, key) in st.per_player_game]
    chart = _score_chart(shell, [ln for _, ln in mine], labels=[game_title(shell, g) for g, _ in mine])
    if chart is not None:
        out.append(section_title(shell.t("hist.st.scores_over_time", n=CHART_POINTS)))
        out.append(chart)
    out.append(_stretch([_line_card(shell, game, ln, LINE_COLORS[i % len(LINE_COLORS)], title=game_title(shell, game))
                         for i, (game, ln) in enumerate(mine)]))
    return out


def _line_card(shell: Any, game: str, ln: H.Line, color: str, title: str | None = None) -> ft.Control:
    head = shell.t("hist.st.player_head", name=title or ln.name, wins=ln.wins, games=ln.games, rate=pct(ln.win_rate))
    return ft.Container(
        bgcolor=ft.Colors.BLUE_GREY_50,
        border=ft.Border.only(left=ft.BorderSide(6, color)),
        border_radius=10,
        padding=8,
        content=ft.Column(
            [
                ft.Text(head, size=16, weight=ft.FontWeight.BOLD),
                ft.Text(shell.t("hist.st.player_scores", avg=fmt_num(shell, ln.average), best=ln.best,
                                worst=ln.worst), size=15),
                ft.Text(shell.t("hist.st.player_figs", figs=_figs_text(shell, game, ln.figure_avg)), size=14),
            ],
            spacing=2,
        ),
    )


def _win_pie(lines: list[H.Line]) -> ft.Control:
    top = lines[:7]
    rest = sum(ln.wins for ln in lines[7:])
    total = sum(ln.wins for ln in lines) or 1
    sections = [
        _charts().PieChartSection(
            value=ln.wins,
            title=f"{ln.name} {round(100 * ln.wins / total)} %",
            color=LINE_COLORS[i % len(LINE_COLORS)],
            radius=110,
            title_style=ft.TextStyle(size=13, color=ft.Colors.WHITE, weight=ft.FontWeight.BOLD),
            title_position=0.6,
        )
        for i, ln in enumerate(top)
    ]
    if rest:
        sections.append(_charts().PieChartSection(value=rest, title=f"… {round(100 * rest / total)} %",
                                            color=ft.Colors.GREY_500, radius=110))
    return ft.Container(_charts().PieChart(sections=sections, sections_space=2, center_space_radius=0), height=260)


def _figs_text(shell: Any, game: str, avg: Any) -> str:
    return ", ".join(
        shell.t("hist.st.fig", label=shell.t(f"hist.fig.{f}"), value=fmt_num(shell, avg(f)))
        for f in H.GAME_FIGURES.get(game, ())
    )


def _per_game(shell: Any, st: H.Stats, game: str) -> list[ft.Control]:
    s = st.per_game[game]
    out: list[ft.Control] = [
        info_line(shell.t("hist.st.game_line", games=s.games, avg=fmt_num(shell, s.winner_average),
                          best=s.best if s.best is not None else "–", by=s.best_by)),
        ft.Text(shell.t("hist.st.game_figs", figs=_figs_text(shell, game, s.figure_avg)), size=14),
    ]
    lines = st.players_of(game)
    chart = _score_chart(shell, lines[:CHART_PLAYERS])
    if chart is not None:
        out.append(section_title(shell.t("hist.st.scores_over_time", n=CHART_POINTS)))
        out.append(chart)
    out.append(section_title(shell.t("hist.st.players")))
    out.append(_stretch([
        _line_card(shell, game, ln, LINE_COLORS[i % len(LINE_COLORS)] if i < CHART_PLAYERS else ft.Colors.BLUE_GREY_300)
        for i, ln in enumerate(lines)
    ]))
    return out


def _score_chart(shell: Any, lines: list[H.Line], labels: list[str] | None = None) -> ft.Control | None:
    labels = labels or [ln.name for ln in lines]
    series = []
    lo, hi, longest = None, None, 0
    for i, ln in enumerate(lines):
        pts = ln.scores[-CHART_POINTS:]
        if len(pts) < 2:
            continue
        longest = max(longest, len(pts))
        for _, y in pts:
            lo = y if lo is None else min(lo, y)
            hi = y if hi is None else max(hi, y)
        series.append(
            _charts().LineChartData(
                points=[_charts().LineChartDataPoint(x=j + 1, y=y, tooltip=f"{labels[i]}: {y}") for j, (_, y) in enumerate(pts)],
                color=LINE_COLORS[i % len(LINE_COLORS)],
                stroke_width=3,
                curved=False,
                point=True,
            )
        )
    if not series:
        return None
    pad = max(1, (hi - lo) // 10)
    legend = ft.Row(
        [
            ft.Row([ft.Container(width=14, height=14, bgcolor=LINE_COLORS[i % len(LINE_COLORS)], border_radius=7),
                    ft.Text(labels[i], size=14)], spacing=4, tight=True)
            for i, ln in enumerate(lines) if len(ln.scores) >= 2
        ],
        wrap=True,
        spacing=12,
    )
    chart = _charts().LineChart(
        data_series=series,
        min_x=1,
        max_x=longest,
        min_y=lo - pad,
        max_y=hi + pad,
        height=240,
        interactive=True,
        horizontal_grid_lines=_charts().ChartGridLines(color=ft.Colors.BLACK_12, width=1),
        left_axis=_charts().ChartAxis(label_size=40),
        bottom_axis=_charts().ChartAxis(label_size=24),
    )
    return ft.Column([ft.Container(chart, height=240, padding=ft.Padding.only(right=12)), legend], spacing=4)


# --- profiles ---------------------------------------------------------------------------------
def _prof_form(shell: Any) -> dict[str, Any]:
    form = shell.ui.get("hist_prof")
    if form is None:
        form = {"id": None, "name": "", "color": None, "lucky": "", "character": "", "error": None, "msg": None}
        shell.ui["hist_prof"] = form
    return form


def _edit_profile(shell: Any, pid: str) -> None:
    p = get_profile(shell.ctx.store, pid)
    if p is None:
        return
    shell.ui["hist_prof"] = {
        "id": p.id, "name": p.name, "color": p.color,
        "lucky": f"{p.lucky[0]} {p.lucky[1]}" if p.lucky else "",
        "character": (p.character or {}).get("character", ""), "error": None, "msg": None,
    }
    shell.render()


def _save_profile(shell: Any) -> None:
    form = _prof_form(shell)
    old = get_profile(shell.ctx.store, form["id"]) if form["id"] else None
    character: Any = form["character"].strip() or None
    if character and old and old.character and old.character.get("character") == character:
        character = old.character  # keep the values that came with it
    try:
        p = save_profile(shell.ctx.store, form["name"], color=form["color"], lucky=form["lucky"],
                         character=character, profile_id=form["id"])
    except ValueError as exc:
        why = str(exc)
        key = ("hist.prof.err_taken" if why == "name: taken" else "hist.prof.err_name" if why.startswith("name")
               else "hist.prof.err_lucky" if why.startswith("lucky") else "hist.prof.err_other")
        form["error"] = shell.t(key, detail=why)
        form["msg"] = None
        shell.render()
        return
    shell.ui["hist_prof"] = {"id": None, "name": "", "color": None, "lucky": "", "character": "", "error": None,
                             "msg": shell.t("hist.prof.saved", name=p.name)}
    shell.render()


def _delete_profile(shell: Any, pid: str, name: str) -> None:
    delete_profile(shell.ctx.store, pid)
    form = _prof_form(shell)
    if form["id"] == pid:
        form.update({"id": None, "name": "", "color": None, "lucky": "", "character": ""})
    form["msg"] = shell.t("hist.prof.deleted", name=name)
    form["error"] = None
    shell.render()


def profiles_screen(shell: Any) -> list[ft.Control]:
    store = shell.ctx.store
    form = _prof_form(shell)
    out: list[ft.Control] = [ft.Text(shell.t("hist.prof.title"), size=22, weight=ft.FontWeight.BOLD)]
    if form.get("msg"):
        out.append(info_line(form["msg"], color=ft.Colors.GREEN_50))
    profiles = list_profiles(store)
    if not profiles:
        out.append(info_line(shell.t("hist.prof.none")))
    for p in profiles:
        bg, _ = swatch(p.color)
        details = []
        if p.lucky:
            details.append(shell.t("hist.prof.lucky_line", a=p.lucky[0], b=p.lucky[1]))
        if p.character:
            details.append(shell.t("hist.prof.character_line", character=p.character.get("character", "")))
        out.append(
            ft.Row(
                [
                    ft.Container(width=24, height=24, bgcolor=bg, border_radius=12,
                                 border=ft.Border.all(1, ft.Colors.BLACK_26)),
                    ft.Column([ft.Text(shell.t("hist.prof.line", name=p.name), size=17, weight=ft.FontWeight.BOLD),
                               *([ft.Text(" · ".join(details), size=13)] if details else [])],
                              spacing=0, expand=True),
                    ft.IconButton(icon=ft.Icons.EDIT, icon_size=28, tooltip=shell.t("hist.prof.edit", name=p.name),
                                  on_click=lambda e, pid=p.id: _edit_profile(shell, pid)),
                    ft.IconButton(icon=ft.Icons.DELETE_OUTLINE, icon_size=28,
                                  tooltip=shell.t("hist.prof.delete", name=p.name),
                                  on_click=lambda e, pid=p.id, name=p.name: _delete_profile(shell, pid, name)),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    if getattr(store, "readonly", False):
        return out
    out.append(section_title(shell.t("hist.prof.editing") if form["id"] else shell.t("hist.prof.new")))

    def setter(key: str):
        def handler(e: Any) -> None:
            form[key] = e.control.value or ""

        return handler

    out.append(ft.TextField(label=shell.t("hist.prof.name"), value=form["name"], max_length=40,
                            on_change=setter("name"), dense=True))
    out.append(ft.Text(shell.t("hist.prof.color"), size=14))

    def pick_color(c: str | None) -> None:
        form["color"] = c
        shell.render()

    swatches = []
    for c in PROFILE_COLORS:
        bg, fg = swatch(c)
        chosen = form["color"] == c
        swatches.append(
            ft.Container(
                width=48, height=48, bgcolor=bg, border_radius=24,
                border=ft.Border.all(4 if chosen else 1, ft.Colors.BLACK if chosen else ft.Colors.BLACK_26),
                content=ft.Icon(ft.Icons.CHECK, color=fg) if chosen else None,
                alignment=ft.Alignment.CENTER,
                tooltip=shell.t("hist.color.pick", color=shell.t(f"hist.color.{c}")),
                on_click=lambda e, c=c: pick_color(None if form["color"] == c else c),
            )
        )
    out.append(ft.Row(swatches, wrap=True, spacing=6, run_spacing=6))
    out.append(ft.TextField(label=shell.t("hist.prof.lucky"), value=form["lucky"], on_change=setter("lucky"),
                            dense=True, keyboard_type=ft.KeyboardType.NUMBER))
    out.append(ft.TextField(label=shell.t("hist.prof.character"), value=form["character"], max_length=40,
                            on_change=setter("character"), dense=True))
    if form.get("error"):
        out.append(info_line(form["error"], color=ft.Colors.RED_50))
    buttons = [big_button(shell.t("hist.prof.save"), lambda e: _save_profile(shell), color=ft.Colors.INDIGO_600,
                          text_color=ft.Colors.WHITE)]
    if form["id"]:
        buttons.append(ft.TextButton(content=shell.t("hist.prof.cancel"), height=TOUCH,
                                     on_click=lambda e: (shell.ui.pop("hist_prof", None), shell.render())))
    out.append(ft.Row(buttons, wrap=True))
    return out


# --- backup -------------------------------------------------------------------------------------
def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _do_export(shell: Any, kind: str, gid: str | None = None) -> None:
    store = shell.ctx.store
    if kind == "json":
        backup = H.export_backup(store)
        text = H.backup_text(backup)
        name = f"tischrichter-backup-{_stamp()}.json"
        summary = shell.t("hist.bk.summary", games=shell.t("hist.st.games", n=len(backup["records"])),
                          profiles=shell.t("hist.n.profiles", n=len(backup["profiles"])))
    elif kind == "csv":
        text = H.results_csv(store)
        name = f"tischrichter-results-{_stamp()}.csv"
        summary = ""
    else:
        import json

        text = json.dumps(H.export_record(store, gid), ensure_ascii=False, indent=1)
        name = f"tischrichter-game-{gid[:12]}.json"
        summary = ""
    # issue 15.8: nothing is written on the server's disk and no server path is shown; the file is the
    # browser's own download (FilePicker.save_file with the bytes, see _download)
    shell.ui["hist_out"] = {"kind": kind, "text": text, "why": None, "summary": summary, "name": name}


def is_seat_phone(shell: Any) -> bool:
    """A player's own phone (it holds a seat of some game): it must not see others' secrets."""
    return shell.seats is not None or bool(getattr(shell, "join_seat_locks", None))


def backup_screen(shell: Any) -> list[ft.Control]:
    store = shell.ctx.store
    out: list[ft.Control] = [ft.Text(shell.t("hist.bk.title"), size=22, weight=ft.FontWeight.BOLD)]
    if is_seat_phone(shell):
        out.append(ft.Text(shell.t("hist.bk.host_only"), size=15))
        return out
    one = shell.ui.get("hist_export")
    if one and store.has_game(one) and not shell.ui.get("hist_out"):
        _do_export(shell, "one", one)
    if one and store.has_game(one):
        g = next((x for x in H.finished_games(store) if x["id"] == one), None)
        label = _label(shell, g) if g else one[:12]
        out.append(_back_row(shell))
        out.append(section_title(shell.t("hist.bk.one_title", label=label)))
    else:
        out.append(section_title(shell.t("hist.bk.export")))

        async def run(kind: str) -> None:
            _do_export(shell, kind)
            await _download(shell)  # straight to the browser's download; "Herunterladen" repeats it

        async def run_json(e: Any) -> None:
            await run("json")

        async def run_csv(e: Any) -> None:
            await run("csv")

        out.append(ft.Row([big_button(shell.t("hist.bk.all_json"), run_json),
                           big_button(shell.t("hist.bk.csv"), run_csv)], wrap=True, spacing=8,
                          run_spacing=8))
        out += bgstats_ui.backup_section(shell, _download)  # issue 26: a date range as one BG Stats play file
    res = shell.ui.get("hist_out")
    if res:
        if res.get("summary"):
            out.append(ft.Text(res["summary"], size=15))
        if res.get("why"):
            out.append(info_line(shell.t("hist.bk.download_failed"), color=ft.Colors.AMBER_100))
        async def download(e: Any) -> None:
            await _download(shell)

        out.append(big_button(shell.t("hist.bk.download"), download,
                              tooltip=shell.t("hist.bk.download_tip", name=res["name"])))
        if res.get("downloaded"):
            out.append(ft.Text(shell.t("hist.bk.downloaded", name=res["name"]), size=14))
        if len(res["text"]) <= SHOW_MAX:
            out.append(ft.TextField(label=shell.t("hist.bk.out_label"), value=res["text"], read_only=True,
                                    multiline=True, min_lines=3, max_lines=10, text_size=12))
        else:
            out.append(info_line(shell.t("hist.bk.too_big", chars=len(res["text"]))))
    if one:
        return out
    out.append(section_title(shell.t("hist.bk.import")))
    if store.readonly:
        out.append(info_line(shell.t("hist.bk.readonly"), color=ft.Colors.AMBER_100))
        return out
    out.append(ft.Text(shell.t("hist.bk.import_help"), size=14))
    async def pick(e: Any) -> None:
        await _pick_and_import(shell)

    out.append(big_button(shell.t("hist.bk.pick_file"), pick))

    def typed(e: Any) -> None:
        shell.ui["hist_in"] = e.control.value or ""

    out.append(ft.TextField(label=shell.t("hist.bk.in_label"), value=shell.ui.get("hist_in", ""), multiline=True,
                            min_lines=3, max_lines=8, text_size=12, on_change=typed))
    msg = shell.ui.get("hist_msg")
    if msg:
        out.append(info_line(msg[1], color=ft.Colors.GREEN_50 if msg[0] == "ok" else ft.Colors.RED_50))
    out.append(big_button(shell.t("hist.bk.do_import"), lambda e: _do_import(shell), color=ft.Colors.INDIGO_600,
                          text_color=ft.Colors.WHITE))
    return out


async def _download(shell: Any) -> None:
    """The browser's own download (FilePicker.save_file with the bytes: works offline in the web client)."""
    res = shell.ui.get("hist_out")
    if not res:
        return
    try:
        await ft.FilePicker().save_file(file_name=res["name"], src_bytes=res["text"].encode("utf-8"))
        res["downloaded"], res["why"] = True, None
    except Exception as exc:  # no client answer or a platform without it: the text stays shown to copy
        log.info("download failed: %s", exc)
        res["why"] = type(exc).__name__
    shell.render()


async def _pick_and_import(shell: Any) -> None:
    try:
        files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["json"])
    except Exception as exc:
        shell.ui["hist_msg"] = ("bad", shell.t("hist.bk.picker_failed", detail=type(exc).__name__))
        shell.render()
        return
    if not files or files[0].bytes is None:
        return
    _do_import(shell, files[0].bytes)


def _do_import(shell: Any, data: str | bytes | None = None) -> None:
    text = shell.ui.get("hist_in", "") if data is None else data
    try:
        rep = H.import_backup(shell.ctx.store, text)
    except H.ImportRefused as exc:
        shell.ui["hist_msg"] = ("bad", exc.message(shell.lang))
        shell.render()
        return
    msg = shell.t("hist.bk.imported", added=shell.t("hist.n.new_games", n=rep.added), already=rep.already,
                  profiles=shell.t("hist.n.new_profiles", n=rep.profiles_added))
    if rep.differing:
        msg += " " + shell.t("hist.bk.differing", n=rep.differing)
    shell.ui["hist_msg"] = ("ok", msg)
    if data is None:
        shell.ui["hist_in"] = ""
    shell.render()


def host_only(screen: Any) -> Any:
    """History, statistics, profiles and backups are the host's: not for a table's LAN guest."""

    def guarded(shell: Any) -> list[ft.Control]:
        if getattr(shell, "scope", None) is not None:
            return [ft.Text(shell.t("hist.host_only"), size=15)]
        return screen(shell)

    return guarded


SCREENS["history"] = host_only(history_screen)
SCREENS["stats"] = host_only(stats_screen)
SCREENS["replay"] = host_only(replay_screen)
SCREENS["profiles"] = host_only(profiles_screen)
SCREENS["backup"] = host_only(backup_screen)

if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
