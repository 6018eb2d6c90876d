"""Rules screen, rule links and "Was wäre wenn?" (dispute mode): an extension of the shell.

Registered on import (``companion.app.EXTENSION_MODULES``):

- ``SCREENS["rules"]``: search (as you type) across every game's rules, one
  entry with its worked example and house-rule switches, and each game's
  sections. Reads ``shell.ui["rules_entry"]`` (a rule id such as ``q8.white``
  or a section ``<game id>#turn``), ``shell.ui["rules_query"]`` (what is typed in the field) and
  ``shell.ui["rules_folded"]`` (the query whose hits are folded: one of them is open).
- ``SCREENS["dispute"]``: the dispute panel for ``shell.ui["dispute_game"]``
  (a game id); a game screen opens it with
  ``shell.go("dispute", dispute_game=shell.game_table.id)`` (or ``open_dispute(shell)``,
  which also starts at the top; ``dispute_button(shell)`` is a ready button).
- an extension that sets ``shell.rule_hook`` (every "Warum? <id>" link lands on
  that entry, remembering the game to go back to) and chains ``shell.home_extra``
  with a big "Regeln" button.
- ``dispute_panel(shell)``: a collapsible "Was wäre wenn?" panel a game
  screen may embed; it tries actions with ``Table.what_if`` and never submits.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import flet as ft

from companion import platform
from companion.game_hooks import ActionDict, Entry, GameRules, Section
from companion.i18n import add_strings
from companion.screens.rules_search import index, search
from companion.screens.rules_text import GAMES, find_entry, game_of
from companion.shell import EXTENSIONS, SCREENS
from companion.store import StoreError
from companion.table import dispute
from components import theme
from components.common import TOUCH, big_button, info_line, section_title
from components.rule_link import rule_link
from scoring.errors import InvalidInput

if TYPE_CHECKING:
    from companion.shell import Shell
    from companion.table.table import Table

log = logging.getLogger("tischrichter.rules")

add_strings(
    {
        "rules.title": {"de": "Regeln", "en": "Rules"},
        "rules.home_button": {"de": "Regeln", "en": "Rules"},
        "rules.home_tip": {
            "de": "Regeln nachschlagen und Streit schlichten",
            "en": "Look up rules and settle disputes",
        },
        "rules.search_label": {"de": "Regeln durchsuchen", "en": "Search the rules"},
        "rules.no_hits": {
            "de": "Nichts gefunden – ein anderes Wort versuchen?",
            "en": "Nothing found – try another word?",
        },
        "rules.hit": {"de": "{rule} · {title}", "en": "{rule} · {title}"},
        "rules.hit_section": {"de": "{game} · {title}", "en": "{game} · {title}"},
        # the hits, folded once one of them is opened (the query stays in the field)
        "rules.hits_folded": {
            "de": "{n} Treffer für „{query}“ zeigen",
            "en": {"count": "n", "one": "Show {n} hit for “{query}”", "other": "Show {n} hits for “{query}”"},
        },
        "rules.example": {"de": "Beispiel", "en": "Example"},
        "rules.options": {"de": "Hausregel-Schalter", "en": "House-rule switches"},
        "rules.option": {"de": "{title} – Standard: {default}", "en": "{title} – default: {default}"},
        "rules.back_game": {"de": "Zurück zum Spiel", "en": "Back to the game"},
        "rules.unknown": {"de": "Zu „{rule}“ gibt es keinen Eintrag.", "en": "There is no entry for '{rule}'."},
        "rules.game_tip": {"de": "Regeln: {game}", "en": "Rules: {game}"},
        "rules.dispute_title": {"de": "Was wäre wenn?", "en": "What if?"},
        "rules.dispute_heading": {"de": "Was wäre wenn? – {game}", "en": "What if? – {game}"},
        "rules.dispute_intro": {
            "de": "Einen Zug antippen: der Schiedsrichter urteilt, das Spiel bleibt unverändert.",
            "en": "Tap a move: the referee judges it, the game stays as it is.",
        },
        "rules.dispute_position": {
            "de": {"count": "moves", "one": "Stand nach {moves} Zug · am Zug: {names}",
                   "other": "Stand nach {moves} Zügen · am Zug: {names}"},
            "en": {"count": "moves", "one": "Position after {moves} move · to act: {names}",
                   "other": "Position after {moves} moves · to act: {names}"},
        },
        "rules.dispute_legal": {"de": "Jetzt erlaubt:", "en": "Allowed now:"},
        "rules.dispute_illegal": {"de": "Nicht erlaubt:", "en": "Not allowed:"},  # the referee says no
        "rules.dispute_nothing": {
            "de": "Gerade steht kein Zug an (erst würfeln?).",
            "en": "No move is due right now (roll first?).",
        },
        "rules.dispute_no_game": {"de": "Kein offenes Spiel gewählt.", "en": "No open game chosen."},
        "rules.dispute_close": {"de": "Was wäre wenn? schließen", "en": "Close What if?"},
        "rules.dispute_try": {"de": "Ausprobieren: {action}", "en": "Try: {action}"},
        # every legal move, grouped by player; a long group folded with its count
        "rules.dispute_group": {
            "de": {"count": "count", "one": "{name} – {count} Zug", "other": "{name} – {count} Züge"},
            "en": {"count": "count", "one": "{name} – {count} move", "other": "{name} – {count} moves"},
        },
        "rules.dispute_more": {
            "de": {"count": "count", "one": "{count} weiteren Zug von {name} zeigen",
                   "other": "{count} weitere Züge von {name} zeigen"},
            "en": {"count": "count", "one": "Show {count} more move of {name}",
                   "other": "Show {count} more moves of {name}"},
        },
    }
)

# --- entry and section cards ------------------------------------------------------------------
def _title_of(shell: Shell, ref: str) -> str:
    found = _resolve(ref)
    if found is None:
        return ref
    g, s, e = found
    return (e.title if e is not None else s.title)[shell.lang]


def _resolve(ref: str | None) -> tuple[GameRules, Section, Entry | None] | None:
    """A rule id (``q8.white``, also a finer ``q8.color.x``) or a section ``game#key``."""
    if not ref:
        return None
    if "#" in ref:
        gid, _, key = ref.partition("#")
        g = GAMES.get(gid)
        if g is None:
            return None
        for s in g.sections:
            if s.key == key:
                return g, s, None
        return None
    return find_entry(ref)


async def _scroll_top(shell: Shell) -> None:
    try:
        await shell.body.scroll_to(offset=0, duration=0)
    except Exception as err:  # no client (tests) or an old client: the screen still shows
        log.debug("scroll to top not done: %r", err)


def show(shell: Shell, screen: str = "rules", **ui: object) -> None:
    """Navigate and start at the top (the shell's scrolling body keeps its offset otherwise)."""
    shell.go(screen, **ui)
    _run_scroll_top(shell)


def _run_scroll_top(shell: Shell) -> None:
    try:
        shell.page.run_task(_scroll_top, shell)
    except RuntimeError as err:  # no running loop (a test building the screen by hand)
        log.debug("scroll to top not scheduled: %r", err)


def open_rule(shell: Shell, rule: str) -> None:
    """Show one entry; remember the game the player came from (for "Zurück zum Spiel")."""
    back: str | None
    if shell.table is not None:
        back = shell.game_table.id
    elif shell.screen == "dispute":
        back = shell.ui.get("dispute_game")
    else:
        back = shell.ui.get("rules_back")
    show(shell, rules_entry=rule, rules_back=back, rules_query="")


def open_dispute(shell: Shell, game_id: str | None = None) -> None:
    """The Shell-level "Was wäre wenn?" screen for a table (default: the one open now)."""
    gid = game_id or (shell.game_table.id if shell.table is not None else shell.ui.get("dispute_game"))
    show(shell, "dispute", dispute_game=gid, rules_back=gid)


def entry_card(shell: Shell, e: Entry) -> ft.Control:
    lang = shell.lang
    parts: list[ft.Control] = [
        ft.Text(e.id, size=14, color=theme.PRIMARY, weight=ft.FontWeight.W_600),
        ft.Text(e.title[lang], size=21, weight=ft.FontWeight.BOLD),
        ft.Text(e.text[lang], size=16),
        ft.Container(
            bgcolor=theme.NOTICE,
            border_radius=10,
            padding=10,
            content=ft.Column(
                [
                    ft.Row([ft.Icon(ft.Icons.LIGHTBULB_OUTLINE, color=theme.ON_NOTICE, size=20),
                            ft.Text(shell.t("rules.example"), size=14, weight=ft.FontWeight.BOLD,
                                    color=theme.ON_NOTICE)]),
                    ft.Text(e.example[lang], size=16, color=theme.ON_NOTICE),
                ],
                spacing=4,
            ),
        ),
    ]
    if e.options:
        parts.append(section_title(shell.t("rules.options")))
        for o in e.options:
            parts.append(
                ft.Container(
                    bgcolor=theme.CARD, border_radius=10, padding=10,
                    content=ft.Column(
                        [
                            ft.Text(shell.t("rules.option", title=o.title[lang], default=o.default), size=15,
                                    weight=ft.FontWeight.W_600),
                            ft.Text(o.meaning[lang], size=15),
                        ],
                        spacing=2,
                    ),
                )
            )
    return ft.Container(
        content=ft.Column(parts, spacing=8),
        border=ft.Border.all(2, theme.OUTLINE),
        border_radius=12,
        padding=12,
    )


def open_hit(shell: Shell, ref: str) -> None:
    """Show an entry (or a section) with its game's rules below it. The query stays in the field and
    its hits fold into one line above the entry: the hits of every game listed above the rules of
    one pushed what was opened out of sight."""
    show(shell, rules_entry=ref, rules_folded=shell.ui.get("rules_query", ""))


def _entry_button(shell: Shell, e: Entry) -> ft.Control:
    return ft.TextButton(
        content=ft.Text(shell.t("rules.hit", rule=e.id, title=e.title[shell.lang]), size=16),
        height=TOUCH,
        on_click=lambda ev, rid=e.id: open_hit(shell, rid),
    )


def section_card(shell: Shell, g: GameRules, s: Section, *, highlight: bool = False) -> ft.Control:
    lang = shell.lang
    items: list[ft.Control] = [
        ft.Text(s.title[lang], size=19 if highlight else 17, weight=ft.FontWeight.BOLD),
        ft.Text(s.intro[lang], size=15),
    ]
    items += [_entry_button(shell, e) for e in s.entries]
    return ft.Container(
        content=ft.Column(items, spacing=2),
        bgcolor=theme.CARD_STRONG if highlight else None,
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=6, vertical=4),
    )


def game_index(shell: Shell, g: GameRules) -> list[ft.Control]:
    out: list[ft.Control] = [section_title(g.title[shell.lang])]
    for s in g.sections:
        out.append(section_card(shell, g, s))
    return out


def game_chooser(shell: Shell, chosen: str) -> ft.Control:
    buttons: list[ft.Control] = []
    for gid, g in GAMES.items():  # every registered game, then the table's own rules
        selected = gid == chosen
        buttons.append(
            ft.Button(
                content=ft.Text(g.title[shell.lang], size=15,
                                weight=ft.FontWeight.BOLD if selected else ft.FontWeight.W_600,
                                color=theme.ON_CHOICE if selected else None),
                icon=ft.Icons.CHECK if selected else None, icon_color=theme.ON_CHOICE if selected else None,
                bgcolor=theme.CHOICE if selected else None,
                height=TOUCH,
                tooltip=shell.t("rules.game_tip", game=g.title[shell.lang]),
                on_click=lambda e, gid=gid: shell.go("rules", rules_game=gid, rules_entry=None),  # stays in place
            )
        )
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


# --- search -------------------------------------------------------------------------------------
def result_controls(shell: Shell, query: str) -> list[ft.Control]:
    if not (query or "").strip():
        return []
    hits = search(query, limit=8)
    if not hits:
        return [ft.Text(shell.t("rules.no_hits"), size=15, italic=True)]
    if shell.ui.get("rules_folded") == query:  # a hit is open: the others wait in one line
        def unfold(e: ft.Event[ft.OutlinedButton]) -> None:
            shell.ui["rules_folded"] = None
            shell.render()

        return [ft.OutlinedButton(content=shell.t("rules.hits_folded", n=len(hits), query=query.strip()),
                                  icon=ft.Icons.EXPAND_MORE, height=TOUCH, on_click=unfold)]
    opened = shell.ui.get("rules_entry")
    out: list[ft.Control] = []
    for h in hits:
        found = _resolve(h.ref)
        if found is None:
            continue
        g, s, e = found
        if e is not None:
            text = shell.t("rules.hit", rule=e.id, title=e.title[shell.lang])
        else:
            text = shell.t("rules.hit_section", game=g.title[shell.lang], title=s.title[shell.lang])
        here = h.ref == opened  # the hit shown below: marked as chosen
        out.append(
            ft.Container(
                bgcolor=theme.CHOICE if here else theme.CARD, border_radius=10,
                content=ft.TextButton(
                    content=ft.Text(text, size=16, color=theme.ON_CHOICE if here else None),
                    height=TOUCH,
                    style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT),
                    on_click=lambda ev, ref=h.ref: open_hit(shell, ref),
                ),
            )
        )
    return out


def search_box(shell: Shell) -> list[ft.Control]:
    results = ft.Column(result_controls(shell, shell.ui.get("rules_query", "")), spacing=4,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    async def changed(e: ft.Event[ft.TextField]) -> None:
        query = e.control.value or ""
        shell.ui["rules_query"] = query
        # redraw the screen (diffed in place): rendered controls are frozen and
        # must not be changed behind the shell's back
        shell.render()

    field = ft.TextField(
        label=shell.t("rules.search_label"),
        value=shell.ui.get("rules_query", ""),
        prefix_icon=ft.Icons.SEARCH,
        on_change=changed,
        autocorrect=False,
        expand=True,
    )
    return [ft.Row([field]), results]


# --- screens ----------------------------------------------------------------------------------
def rules_screen(shell: Shell) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(shell.t("rules.title"), size=24, weight=ft.FontWeight.BOLD)]
    back = shell.ui.get("rules_back")
    if back:
        out.append(
            ft.Row(
                [
                    big_button(shell.t("rules.back_game"), lambda e: _back_to_game(shell, back),
                               color=theme.PRIMARY, text_color=theme.ON_PRIMARY),
                    big_button(shell.t("rules.dispute_title"), lambda e: open_dispute(shell, back),
                               tooltip=shell.t("rules.dispute_intro")),
                ],
                wrap=True, spacing=6, run_spacing=6,
            )
        )
    out += search_box(shell)
    ref = shell.ui.get("rules_entry")
    found = _resolve(ref)
    chosen = shell.ui.get("rules_game")
    if found is not None:
        g, s, e = found
        chosen = g.id
        out.append(entry_card(shell, e) if e is not None else section_card(shell, g, s, highlight=True))
    elif ref:
        out.append(info_line(shell.t("rules.unknown", rule=ref), color=theme.NOTICE))
        chosen = chosen or game_of(ref)
    shown: str = chosen if chosen is not None and chosen in GAMES else next(iter(GAMES))
    out.append(game_chooser(shell, shown))
    out += game_index(shell, GAMES[shown])
    return out


def _back_to_game(shell: Shell, game_id: str) -> None:
    try:
        shell.open_table(game_id)
    except (StoreError, InvalidInput):  # the game is gone (deleted, other store, damaged): home instead
        shell.go_home()


def _panel_key(table: Table, what: str) -> tuple[str, str]:
    return (f"dispute_{what}", table.id)


DISPUTE_FOLD = 6  # a player's group with more legal moves than this shows its first few and a count


def dispute_body(shell: Shell, table: Table) -> list[ft.Control]:
    """Candidates as buttons and the verdict on the one tapped (nothing is submitted)."""
    lang = shell.lang
    out: list[ft.Control] = [ft.Text(shell.t("rules.dispute_intro"), size=14)]
    seats = table.game.current_seats(table.state)
    names = ", ".join(table.players[s].name for s in seats if 0 <= s < len(table.players)) or "–"
    out.append(ft.Text(shell.t("rules.dispute_position", moves=table.seq, names=names), size=14,
                       weight=ft.FontWeight.W_600))
    picked = shell.ui.get(_panel_key(table, "pick"))
    if picked is not None and picked[0] == table.seq:
        ruling = dispute.judge(table, picked[1], lang)
        color = theme.SUCCESS if ruling.ok else theme.REFUSAL
        ink = None if ruling.ok else theme.ON_REFUSAL  # on the green tint the text stays TEXT
        icon = ft.Icons.CHECK_CIRCLE_OUTLINE if ruling.ok else ft.Icons.GAVEL
        row: list[ft.Control] = [
            ft.Row([ft.Icon(icon, color=theme.GOOD if ruling.ok else theme.ON_REFUSAL),
                    ft.Text(ruling.text, size=16, expand=True, color=ink)]),
            ft.Text(shell.t("rules.dispute.unchanged"), size=13, italic=True, color=ink),
        ]
        if ruling.rule:
            row.append(rule_link(shell.t("play.why", rule=ruling.rule), ruling.rule, shell.show_rule))
        out.append(ft.Container(content=ft.Column(row, spacing=4), bgcolor=color, border_radius=10, padding=10))
    cands = dispute.candidates(table, lang)
    if not cands:
        out.append(info_line(shell.t("rules.dispute_nothing")))
    legal = [c for c in cands if c.legal]
    illegal = [c for c in cands if not c.legal]

    def pick(action: ActionDict) -> None:
        shell.ui[_panel_key(table, "pick")] = (table.seq, action)
        shell.render()
        if shell.screen == "dispute":  # the verdict is at the top of this screen
            _run_scroll_top(shell)

    def buttons(group: list[dispute.Candidate], bg: str, ink: str | None = None) -> ft.Control:
        return ft.Row(
            [
                ft.Button(
                    content=ft.Text(c.label, size=15, color=ink), bgcolor=bg, height=TOUCH,
                    tooltip=shell.t("rules.dispute_try", action=c.label),
                    on_click=lambda e, a=c.action: pick(a),
                    elevation=0,  # flat: a shadow would show through the tint of theme.SUCCESS and grey it
                )
                for c in group
            ],
            wrap=True, spacing=6, run_spacing=6,
        )

    if legal:
        out.append(section_title(shell.t("rules.dispute_legal")))
        for seat, group in dispute.by_player(legal):
            name = table.players[seat].name if seat is not None and 0 <= seat < len(table.players) else "–"
            out.append(ft.Text(shell.t("rules.dispute_group", name=name, count=len(group)), size=14,
                               weight=ft.FontWeight.W_600))
            unfold = _panel_key(table, f"unfold_{seat}")
            shown = group
            if len(group) > DISPUTE_FOLD and shell.ui.get(unfold) != table.seq:
                shown = group[: DISPUTE_FOLD - 2]
            controls = [buttons(shown, theme.SUCCESS)]
            if len(shown) < len(group):
                def more(e: ft.Event[ft.OutlinedButton], key: tuple[str, str] = unfold) -> None:
                    shell.ui[key] = table.seq
                    shell.render()

                controls.append(ft.OutlinedButton(
                    content=shell.t("rules.dispute_more", count=len(group) - len(shown), name=name),
                    icon=ft.Icons.EXPAND_MORE, height=TOUCH, on_click=more))
            out += controls
    if illegal:
        out.append(section_title(shell.t("rules.dispute_illegal")))
        out.append(buttons(illegal, theme.REFUSAL, theme.ON_REFUSAL))
    return out


def dispute_panel(shell: Shell, table: Table | None = None) -> ft.Control:
    """A "Was wäre wenn?" panel for a game screen: closed it is one button; open it lists moves to try."""
    table = table or shell.table
    if table is None:
        return ft.Container()
    key = _panel_key(table, "open")
    if not shell.ui.get(key):
        def open_(e: ft.Event[ft.OutlinedButton]) -> None:
            shell.ui[key] = True
            shell.render()

        return ft.OutlinedButton(content=shell.t("rules.dispute_title"), icon=ft.Icons.HELP_OUTLINE,
                                 height=TOUCH, on_click=open_)

    def close(e: ft.Event[ft.IconButton]) -> None:
        shell.ui[key] = False
        shell.ui.pop(_panel_key(table, "pick"), None)
        shell.render()

    head = ft.Row(
        [
            ft.Text(shell.t("rules.dispute_title"), size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.IconButton(icon=ft.Icons.CLOSE, tooltip=shell.t("rules.dispute_close"), on_click=close),
        ]
    )
    return ft.Container(
        content=ft.Column([head, *dispute_body(shell, table)], spacing=8),
        border=ft.Border.all(2, theme.OUTLINE),
        border_radius=12,
        padding=10,
    )


def dispute_button(shell: Shell) -> ft.Control:
    """A "Was wäre wenn?" button for a game screen: opens the dispute screen for the open table."""
    return ft.OutlinedButton(content=shell.t("rules.dispute_title"), icon=ft.Icons.HELP_OUTLINE, height=TOUCH,
                             on_click=lambda e: open_dispute(shell))


def dispute_screen(shell: Shell) -> list[ft.Control]:
    gid = shell.ui.get("dispute_game")
    table = None
    if gid:
        try:
            table = shell.ctx.tables.open(gid)
        except (StoreError, InvalidInput):  # gone or damaged: the screen says there is no game
            table = None
    if table is None or gid is None:
        return [info_line(shell.t("rules.dispute_no_game"), color=theme.NOTICE)]
    game_title = shell.game_title(table.game.id)
    return [
        ft.Text(shell.t("rules.dispute_heading", game=game_title), size=22, weight=ft.FontWeight.BOLD),
        big_button(shell.t("rules.back_game"), lambda e: _back_to_game(shell, gid), color=theme.PRIMARY,
                   text_color=theme.ON_PRIMARY),
        *dispute_body(shell, table),
    ]


# --- registration -----------------------------------------------------------------------------
def home_button(shell: Shell) -> ft.Control:
    return big_button(shell.t("rules.home_button"), lambda e: show(shell, rules_back=None),
                      tooltip=shell.t("rules.home_tip"))


def extension(shell: Shell) -> None:
    """Session start: rule links land on the rules screen; home gets a "Regeln" button (chained)."""
    shell.rule_hook = lambda rule: open_rule(shell, rule)
    previous = shell.home_extra

    def home_extra(s: Shell) -> list[ft.Control]:
        out = list(previous(s)) if previous else []
        out.append(home_button(s))
        return out

    shell.home_extra = home_extra
    _schedule_warm()


_warm_scheduled = False


def _schedule_warm() -> None:
    """Build the search index a little after the first session started, on its event loop:
    no thread (the phone's Python cannot start one); a rules screen opened before
    that builds it on first use."""
    global _warm_scheduled
    if not _warm_scheduled:
        _warm_scheduled = platform.later(_warm, 3.0)


def _warm() -> None:
    try:
        index()
    except Exception:  # the screen builds it again on first use and shows the error there
        log.exception("rules index could not be built at start-up")


SCREENS["rules"] = rules_screen
SCREENS["dispute"] = dispute_screen
if extension not in EXTENSIONS:
    EXTENSIONS.append(extension)
