"""Rules screen content, search, "Warum?" links and dispute mode.

- every rule id the referee raises (``Refusal("id", …)``, ``rule="id"`` in
  scoring/, companion/, components/) has an entry in German and English;
  every ruling of docs/rulings.md has one (tests/test_rulings.py checks the ids
  agree both ways); no entry is an orphan;
- nothing is pasted from the rule texts (no 8-word run of words), and
  docs/rulings.md is in the project's own words too (checked only where the
  players' texts lie beside the checkout, in ``../shared/rules``; skipped elsewhere);
- phone-typed queries (umlauts dropped, one typo) find their entry in the top
  three, each in well under 50 ms;
- dispute mode never changes the game: the stored record is byte-for-byte the
  same after trying legal and illegal actions in all three games;
- through the real Flet session: home → Regeln → search → entry; a refusal's
  "Warum?" link → its entry → back to the game; the "Was wäre wenn?" screen.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from companion.screens.rules_search import RulesIndex, fold, index_words, search, within_one
from companion.screens.rules_text import ENTRIES, GAMES, all_texts, find_entry, game_of, iter_entries
from companion.store import Store
from companion.table import dispute
from companion.table.table import Tables
from scoring.dice import seeded
from scoring.engine import PlayerSpec
from tests.harness import rulings as rulings_doc

ROOT = Path(__file__).resolve().parents[3]
# The players' rule texts are not part of the project. Only the "nothing pasted" check reads them,
# and only when they lie beside the checkout; every other test needs the repository alone.
RULES_DIR = ROOT.parent / "shared" / "rules"
needs_rule_texts = pytest.mark.skipif(not (RULES_DIR / "RULINGS.md").is_file(),
                                      reason="the players' rule texts are not beside this checkout")
SCANNED = ("scoring", "companion", "components")
OWN_FILES = {"companion/screens/rules_text.py", "companion/screens/rules_search.py", "companion/screens/rules.py",
             "companion/table/dispute.py", "components/rule_link.py"}
RAISED = re.compile(r'Refusal\(\s*"([a-z0-9_.]+)"|\brule\s*=\s*"([a-z0-9_.]+)"|show_rule\(\s*"([a-z0-9_.]+)"')
CITED = re.compile(r'"((?:q8|vx|rv|table|engine)\.[a-z0-9_.]+)"')


def _sources(skip_own: bool = True) -> dict[str, str]:
    out = {}
    for d in SCANNED:
        for p in sorted((ROOT / d).rglob("*.py")):
            rel = p.relative_to(ROOT).as_posix()
            if skip_own and (rel in OWN_FILES or rel.endswith("/rules_text.py")):  # a game's own rules text
                continue
            out[rel] = p.read_text(encoding="utf-8")
    return out


def raised_ids() -> dict[str, str]:
    found: dict[str, str] = {}
    for rel, text in _sources().items():
        for m in RAISED.finditer(text):
            found.setdefault(m.group(1) or m.group(2) or m.group(3), rel)
    return found


def ruling_ids() -> set[str]:
    return rulings_doc.read().ids


# --- content --------------------------------------------------------------------------------------
def test_scan_finds_the_known_refusals():
    ids = raised_ids()
    for rid in ("q8.white", "vx.guard", "rv.exit", "table.seat", "table.stale", "table.store", "table.roll",
                "table.undo", "engine.roll", "q8.lucky", "rv.setup", "rv.loss", "rv.penalty", "vx.wurm.must"):
        assert rid in ids, rid


def test_every_raised_rule_has_an_entry_in_both_languages():
    missing = {rid: where for rid, where in raised_ids().items() if rid not in ENTRIES}
    assert missing == {}, "rule ids raised in code without a rules entry"


def test_every_ruling_has_an_entry():
    ids = ruling_ids()
    assert len(ids) >= 35
    # the newest rulings (passage or room, the unauthorised draw, the loss) have their entries too
    assert sorted(ids - set(ENTRIES)) == []


def test_no_orphan_entries():
    code = "\n".join(_sources().values())
    cited = set(CITED.findall(code)) | set(raised_ids())
    orphans = [rid for rid in ENTRIES if rid not in cited and rid not in ruling_ids()]
    assert orphans == []


# the sharpened rulings, told in the project's own words (one sentence each, both languages)
SHARPENED = {
    "rv.room": (("Die Raumkarte ist Pflicht: dein Zug endet erst, wenn sie eingetragen ist, samt Kampf, Falle oder "
                 "Gold."),
                "The room card is compulsory: your turn only ends once it is entered, with its fight, trap or gold.",
                "That room card is not optional: whoever stands in a fresh room cannot finish the turn until the card "
                "is recorded, together with whatever it calls for (a fight, a trap, some gold)."),
    "rv.penalty": ("Eintragen lässt sich das jederzeit in deinem Zug, auch nach dem Laufen, solange für die Karte noch "
                   "nichts eingetragen ist (Hindernis, Raumkarte, Ausgang).",
                   "The table can enter that at any point of your turn, after a walk too, as long as nothing was "
                   "entered for the card yet (obstacle, room card, exit).",
                   "The table may record such a draw at any moment of that player's turn, walking included, as long as "
                   "nothing has been entered for that card yet (no obstacle, room card or exit)."),
    "rv.treasure": ("Aufdecken kannst du einen in deinem eigenen Zug, sobald du gezogen oder gelaufen bist und nichts "
                    "mehr offen ist – kein Wurf, kein Verlust, kein Kampf.",
                    "You can turn one over in your own turn, once you have drawn or walked and nothing is still open – "
                    "no roll, no loss, no fight.",
                    "Its owner may turn one up only during their own turn, after moving, while nothing is still open "
                    "(no die to roll, no loss to pay, no fight to finish); at the final count every one is turned up."),
}


@pytest.mark.parametrize("rid", sorted(SHARPENED))
def test_the_sharpened_rulings_are_told_on_the_rules_screen_and_in_the_list(rid):
    de, en, doc = SHARPENED[rid]
    assert de in ENTRIES[rid].text["de"] and en in ENTRIES[rid].text["en"]
    assert doc in rulings_doc.read().rulings[rid].text


def test_final_score_rules_exist():
    for rid in ("q8.score", "vx.score", "rv.end"):
        assert rid in ENTRIES


@pytest.mark.parametrize("rid", sorted(ENTRIES))
def test_entry_is_complete_in_both_languages(rid):
    e = ENTRIES[rid]
    for part in (e.title, e.text, e.example):
        assert set(part) == {"de", "en"}
        assert part["de"].strip() and part["en"].strip()
    assert e.text["de"] != e.text["en"] and e.example["de"] != e.example["en"]
    for o in e.options:
        assert o.title["de"] and o.title["en"] and o.meaning["de"] and o.meaning["en"]


def test_sections_have_the_same_structure_in_both_languages():
    for g in GAMES.values():
        assert g.title["de"] and g.title["en"]
        keys = [s.key for s in g.sections]
        assert len(keys) == len(set(keys))
        for s in g.sections:
            assert s.title["de"] and s.title["en"] and s.intro["de"] and s.intro["en"]
    for gid in ("qwixx-longo", "verflixxt", "raus-aus-dem-verlies"):
        keys = {s.key for s in GAMES[gid].sections}
        assert {"goal", "setup", "turn", "special", "scoring", "house"} <= keys
    assert "variant" in {s.key for s in GAMES["verflixxt"].sections}


def test_option_rulings_are_explained_with_real_option_names():
    from scoring.qwixx_longo import Options as Q8
    from scoring.verflixxt import Options as VX
    from scoring.verlies import Options as RV

    fields = {"qwixx-longo": set(Q8.model_fields), "verflixxt": set(VX.model_fields),
              "raus-aus-dem-verlies": set(RV.model_fields)}
    explained: dict[str, set[str]] = {g: set() for g in fields}
    for g, _, e in iter_entries():
        for o in e.options:
            assert o.key in fields[g.id], (e.id, o.key)
            explained[g.id].add(o.key)
    # the rulings marked **option**
    assert {"lock_min_crosses", "lucky_replaces", "misthrow_penalty", "end_locked_rows", "end_misthrows"} <= explained[
        "qwixx-longo"
    ]
    assert {"bite_takes", "wurminator"} <= explained["verflixxt"]
    assert {"exit_min_gold", "penalty_turn"} <= explained["raus-aus-dem-verlies"]


def test_find_entry_and_game_of():
    assert find_entry("q8.white")[2].id == "q8.white"
    assert find_entry("q8.white.extra")[2].id == "q8.white"  # a finer id falls back to its parent
    assert find_entry("zz.nothing") is None
    assert game_of("vx.wurm.bite") == "verflixxt" and game_of("engine.roll") == "table"


# --- no pasted sentences ------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFC", text).lower()
    return [w for w in re.findall(r"\w+", text) if not w.isdigit()]


def _shingles(text: str, n: int = 8) -> set[str]:
    w = _words(text)
    return {" ".join(w[i:i + n]) for i in range(len(w) - n + 1)}


RULING_ID = re.compile(r"\b(?:q8|vx|rv)(?:\.[a-z0-9_]+)+\b")
DOC_RUN = 6  # docs/rulings.md retells RULINGS.md (English, too): stricter than the 8 for the rule texts


def _doc_bodies() -> list[str]:
    """The rulings of docs/rulings.md, each on its own (a run never spans two rulings), ids left out."""
    return [RULING_ID.sub(" ", r.text) for r in rulings_doc.read().rulings.values()]


def _pasted(texts, forbidden: set[str], n: int) -> list[str]:
    return sorted({s for t in texts for s in _shingles(t, n) if s in forbidden})


@needs_rule_texts
def test_no_sentence_is_pasted_from_the_rule_texts():
    sources = sorted(RULES_DIR.glob("*"))
    assert len(sources) >= 4
    forbidden: set[str] = set()
    for p in sources:
        forbidden |= _shingles(RULING_ID.sub(" ", p.read_text(encoding="utf-8")))
    assert _pasted(all_texts(), forbidden, 8) == [], "8-word runs copied from the rule texts"
    assert _pasted(_doc_bodies(), forbidden, 8) == [], "8-word runs in docs/rulings.md copied from the rule texts"


@needs_rule_texts
def test_the_rulings_list_is_retold_not_copied():
    text = RULING_ID.sub(" ", (RULES_DIR / "RULINGS.md").read_text(encoding="utf-8"))
    forbidden = _shingles(text, DOC_RUN)
    assert len(forbidden) > 1000
    assert _pasted(_doc_bodies(), forbidden, DOC_RUN) == [], f"{DOC_RUN}-word runs copied from RULINGS.md"


def test_the_paste_check_would_catch_a_paste():
    # a made-up rule text, so that this runs without the players' texts
    text = ("Wer am Zug ist, würfelt mit allen Würfeln und darf danach genau eine Zahl ankreuzen.\n"
            "Ein Feld links vom letzten Kreuz bleibt für immer leer, auch wenn es später passen würde.")
    forbidden = _shingles(text)
    sentence = text.splitlines()[1]
    assert _pasted(["Vorher. " + sentence.upper().replace(" ", "  ") + " Nachher."], forbidden, 8)
    assert not _pasted(["Ein Feld links vom letzten Kreuz kann man nie mehr ankreuzen."], forbidden, 8)
    # a pasted line of the rulings list, with its id, is found by the docs check, too
    line = "- q8.rows: crosses are made left to right and gaps are allowed in every row"
    assert _pasted([RULING_ID.sub(" ", "Here crosses are made left to right and gaps are allowed.")],
                   _shingles(RULING_ID.sub(" ", line), DOC_RUN), DOC_RUN)


# --- search ---------------------------------------------------------------------------------------
PHONE_QUERIES = [
    ("wachter", "vx.guard"),          # Wächter, umlaut dropped
    ("waechter", "vx.guard"),         # Wächter, umlaut spelt out
    ("gluck", "vx.score"),            # Glückstafel
    ("glukstafel", "vx.score"),       # one typo
    ("glukszahl", "q8.lucky"),        # Glückszahl, one typo
    ("schlosfeld", "q8.lockfields"),  # Schlossfeld, one typo
    ("fehlwurf", "q8.misthrow"),
    ("fehlwruf", "q8.misthrow"),      # swapped letters
    ("weisse summe", "q8.white"),
    ("wurminatr biss", "vx.wurm.bite"),
    ("einsameln", "vx.collect"),
    ("verletzng", "rv.injury"),
    ("ausgang", "rv.exit"),
    ("schatze", "rv.treasure"),
    ("hindernis", "rv.obstacle"),
    ("saeuresee", "rv.obstacle"),
    ("monstr", "rv.monster"),
    ("ruckgangig", "table.undo"),
    ("wachter ziehen", "vx.guard"),
    ("may I move this guard", "vx.guard"),
    ("lucky number", "q8.lucky"),
    ("punktetabelle", "q8.score"),
    ("q8.white", "q8.white"),
    ("zeil", "vx.goal"),               # Ziel, swapped letters
]


@pytest.mark.parametrize("query,expected", PHONE_QUERIES)
def test_phone_typed_query_finds_its_rule_in_the_top_three(query, expected):
    refs = [h.ref for h in search(query, limit=3)]
    assert expected in refs, (query, refs)


def test_search_edge_cases():
    assert search("") == [] and search("   ") == [] and search("?!") == []
    assert search("x" * 300) == []
    assert search('"; DROP TABLE docs; --') is not None  # quotes cannot break the FTS query
    assert search("wachter", game="qwixx-longo") == [] or all(
        h.game == "qwixx-longo" for h in search("wachter", game="qwixx-longo")
    )


def test_normalisation():
    assert fold("Wächter Straße ÜBER") == "wachter strasse uber"
    assert index_words("Wächter") == "wachter waechter"
    assert within_one("wachter", "wachter") and within_one("wachtr", "wachter") and within_one("wacther", "wachter")
    assert within_one("wbchter", "wachter") and not within_one("wbchtr", "wachter") and not within_one("wa", "wachter")


def test_index_can_be_built_again():
    ix = RulesIndex()
    assert ix.size > len(ENTRIES) and "wachter" in ix.vocab and "waechter" in ix.vocab


# --- dispute mode -----------------------------------------------------------------------------------
def _tables(tmp_path):
    return Tables(Store(str(tmp_path / "d.db")), seeded(7))


def _all_dispute_trials(table):
    before = table.store.record(table.id).model_dump_json()
    state, cursor = table.state, table.cursor
    seen = 0
    for lang in ("de", "en"):
        for c in dispute.candidates(table, lang):
            ruling = dispute.judge(table, c.action, lang)
            assert ruling.ok == c.legal, (c.label, ruling.text)
            assert ruling.text and ruling.label
            assert ruling.rule is None or ruling.rule in ENTRIES or find_entry(ruling.rule), ruling.rule
            seen += 1
    assert table.store.record(table.id).model_dump_json() == before
    assert table.state == state and table.cursor == cursor
    return seen


def test_dispute_leaves_qwixx_record_unchanged(tmp_path):
    tables = _tables(tmp_path)
    t = tables.create(
        "qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"lucky_numbers": [(4, 9), (5, 12)]}
    )
    assert _all_dispute_trials(t) > 0  # before the roll: only refusals
    t.roll(values=[3, 4, 8, 1, 2, 5])
    assert _all_dispute_trials(t) > 10
    text, rule = dispute.verdict_text(t, {"type": "color", "by": 0, "row": "red", "white": 1})
    assert rule == "q8.color" and text.startswith("Nicht erlaubt")
    text, rule = dispute.verdict_text(t, {"type": "white", "by": 0, "row": "red"}, "en")
    assert rule == "q8.white" and text.startswith("Allowed") and "Ana" in text
    t.submit({"type": "white", "by": 0, "row": "red"})
    t.submit({"type": "pass", "by": 1})
    assert _all_dispute_trials(t) > 0
    # a seat phone asking about another seat: the referee's seat rule
    text, rule = dispute.verdict_text(t, {"type": "pass", "by": 0}, seats={1})
    assert rule == "table.seat"


def test_dispute_leaves_verflixxt_and_verlies_unchanged(tmp_path):
    tables = _tables(tmp_path)
    vx = tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {"wurminator": True})
    vx.roll(values=[2])
    assert _all_dispute_trials(vx) > 2
    assert dispute.verdict_text(vx, {"type": "move_figure", "by": 1, "figure": 0})[1] == "vx.setup"
    rv = tables.create(
        "raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben"), PlayerSpec(name="Cara")], {}
    )
    assert _all_dispute_trials(rv) > 2
    rv.submit({"type": "draw_card", "by": 0})
    assert _all_dispute_trials(rv) > 2


def test_dispute_on_a_finished_game_is_refused_and_harmless(tmp_path):
    tables = _tables(tmp_path)
    t = tables.create("qwixx-longo", [PlayerSpec(name="Ana")], {"lucky_numbers": [(4, 9)], "end_misthrows": 1})
    t.roll(values=[1, 1, 1, 1, 1, 1])
    t.submit({"type": "pass", "by": 0})
    t.submit({"type": "pass", "by": 0})
    assert t.is_over()
    before = t.store.record(t.id).model_dump_json()
    text, rule = dispute.verdict_text(t, {"type": "white", "by": 0, "row": "red"})
    assert rule == "q8.end"
    assert t.store.record(t.id).model_dump_json() == before


# --- through the real session (no browser) -----------------------------------------------------------
@pytest.fixture
def ctx(tmp_path):
    from tests.harness.flet_session import make_context

    return make_context(tmp_path / "tischrichter.db")


async def test_home_rules_search_entry_and_language(ctx):
    from tests.harness.flet_session import AppSession

    app = await AppSession.start(ctx)
    await app.click(text="Regeln")
    assert app.has_text("Regeln durchsuchen") or app.find_all(label="Regeln durchsuchen")
    await app.type_into("Regeln durchsuchen", "wachtr")
    assert app.has_text("vx.guard · Wann ein Wächter ziehen darf")
    await app.click(text="vx.guard · Wann ein Wächter ziehen darf")
    assert app.has_text("Wann ein Wächter ziehen darf") and app.has_text("vx.guard")
    assert app.has_text("Beispiel")
    await app.click(text="English")
    assert app.has_text("When a guard may move")
    # typing again after a redraw of the same screen (its controls are diffed in place)
    await app.type_into("Search the rules", "gluck")
    await app.type_into("Search the rules", "glucks")
    assert app.has_text("lucky", contains=True)
    assert not app.crashes()


async def test_an_opened_hit_keeps_the_query_and_folds_the_other_hits_above_its_games_rules(ctx):
    import flet as ft

    from tests.harness.flet_session import AppSession

    app = await AppSession.start(ctx)
    await app.click(text="Regeln")
    await app.click(tooltip="Regeln: Qwixx Longo")  # another game's rules on show while searching
    await app.type_into("Regeln durchsuchen", "wachtr")
    hit = "vx.guard · Wann ein Wächter ziehen darf"
    await app.click(text=hit, nth=0)  # the hit list comes first, above the rules of Qwixx Longo
    assert app.find(label="Regeln durchsuchen", kind=ft.TextField).control.value == "wachtr"
    texts = app.texts()
    folded = f"{len(search('wachtr', limit=8))} Treffer für „wachtr“ zeigen"
    assert folded in texts
    # below the folded hits: the entry, then its own game's rules (Verflixxt), where it is listed once more
    assert texts.index(folded) < texts.index("Wann ein Wächter ziehen darf") < texts.index("Worum es geht")
    assert texts.count(hit) == 1
    assert app.find(tooltip="Regeln: Verflixxt! Kompakt").control.icon == ft.Icons.CHECK
    # unfolded again, the opened hit is among them; typing searches anew
    await app.click(text=folded)
    assert app.texts().count(hit) == 2 and folded not in app.texts()
    await app.type_into("Regeln durchsuchen", "wachter")
    assert app.texts().count(hit) == 2
    assert not app.crashes()


async def test_refusal_link_lands_on_the_entry_and_goes_back(ctx):
    from tests.harness.flet_session import AppSession

    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                              {"lucky_numbers": [(4, 9), (5, 12)]})
    table.roll(values=[3, 4, 8, 1, 2, 5])
    app = await AppSession.start(ctx, route=f"/g/{table.id}?all")
    await app.click(label="Rot 15")
    assert app.has_text("Warum? q8.white")
    await app.click(text="Warum? q8.white")
    assert app.has_text("q8.white") and app.has_text("Weiße Summe: für alle")
    await app.click(text="Zurück zum Spiel")
    assert app.has_text("Weiße Summe 7 – Ana:")
    assert not app.crashes()


async def test_dispute_screen_and_panel_never_submit(ctx):
    from companion.screens.rules import dispute_panel
    from tests.harness.flet_session import AppSession

    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")],
                              {"lucky_numbers": [(4, 9), (5, 12)]})
    table.roll(values=[3, 4, 8, 1, 2, 5])
    before = ctx.store.record(table.id).model_dump_json()
    app = await AppSession.start(ctx, route=f"/g/{table.id}?all")
    shell = app.shell
    shell.go("dispute", dispute_game=shell.table.id)  # what a game screen's button does
    await app.settle()
    assert app.has_text("Was wäre wenn? – Qwixx Longo")
    await app.click(text="Ana: Weiß 7 in Rot")
    assert app.has_text("Erlaubt: Ana: Weiß 7 in Rot.", contains=True)
    await app.click(text="Ana: Rot 3+8=11")
    assert app.has_text("Nicht erlaubt: Ana: Rot 3+8=11.", contains=True)
    assert app.has_text("Warum? q8.color")
    assert ctx.store.record(table.id).model_dump_json() == before
    await app.click(text="Warum? q8.color")
    assert app.has_text("Farbkombination: nur die aktive Person")
    await app.click(text="Zurück zum Spiel")
    assert app.has_text("Weiße Summe 7 – Ana:")
    # the embeddable panel: closed it is one button, open it lists the moves
    shell.ui[("dispute_open", table.id)] = True
    panel = dispute_panel(shell)
    assert panel is not None
    assert ctx.store.record(table.id).model_dump_json() == before
    assert not app.crashes()


async def test_home_extra_is_chained(ctx):
    import flet as ft

    from companion.screens.rules import extension
    from tests.harness.flet_session import AppSession

    app = await AppSession.start(ctx)
    shell = app.shell
    shell.home_extra = lambda s: [ft.Text("previous extra")]
    extension(shell)
    controls = shell.home_extra(shell)
    assert len(controls) == 2 and isinstance(controls[0], ft.Text)
    shell.rule_hook("vx.score")
    await app.settle()
    assert shell.screen == "rules" and shell.ui["rules_entry"] == "vx.score"
    assert app.has_text("Tafelwerte")


async def test_embedded_panel_opens_tries_and_closes_without_submitting(ctx):
    from companion import app as shell_app
    from companion.screens.rules import dispute_panel
    from tests.harness.flet_session import AppSession

    table = ctx.tables.create("verflixxt", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    table.roll(values=[3])
    before = ctx.store.record(table.id).model_dump_json()
    # a stand-in game screen that embeds the panel, as a game screen's author would
    shell_app.SCREENS["_panel_probe"] = lambda shell: [dispute_panel(shell, table)]
    try:
        app = await AppSession.start(ctx)
        app.shell.go("_panel_probe")
        await app.settle()
        await app.click(text="Was wäre wenn?")
        assert app.has_text("Jetzt erlaubt:") and app.has_text("Nicht erlaubt:")  # not "Strittig": words a player reads
        assert app.has_text("Stand nach 1 Zug · am Zug: Ana")
        await app.click(text="Ben: Figur 1 ziehen (Feld 0)")
        assert app.has_text("Nicht erlaubt: Ben: Figur 1 ziehen (Feld 0).", contains=True)
        assert app.has_text("Warum? vx.setup")
        await app.click(text="Ana: Figur 1 ziehen (Feld 0)")
        assert app.has_text("Erlaubt: Ana: Figur 1 ziehen (Feld 0).", contains=True)
        await app.click(tooltip="Was wäre wenn? schließen")
        assert not app.has_text("Jetzt erlaubt:")
        assert ctx.store.record(table.id).model_dump_json() == before and table.seq == 1
        assert not app.crashes()
    finally:
        shell_app.SCREENS.pop("_panel_probe", None)


async def test_section_hit_shows_the_section_first(ctx):
    from tests.harness.flet_session import AppSession

    app = await AppSession.start(ctx)
    await app.click(text="Regeln")
    await app.type_into("Regeln durchsuchen", "wurminator variante")
    await app.click(text="Verflixxt! Kompakt · Variante: der Wurminator")
    texts = app.texts()
    assert texts.index("Variante: der Wurminator") < texts.index("Worum es geht")
    assert not app.crashes()


async def test_dispute_button_opens_the_dispute_screen_for_the_open_table(ctx):
    from companion.screens.rules import dispute_button
    from tests.harness.flet_session import AppSession

    table = ctx.tables.create("raus-aus-dem-verlies", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben")], {})
    app = await AppSession.start(ctx, route=f"/g/{table.id}?all")
    assert app.shell.table is table
    before = ctx.store.record(table.id).model_dump_json()
    dispute_button(app.shell).on_click(None)  # what the button on a game screen does when tapped
    await app.settle()
    assert app.shell.screen == "dispute" and app.shell.ui["dispute_game"] == table.id
    assert app.has_text("Was wäre wenn? – Raus aus dem Verlies!")
    await app.click(text="Ana: Verlieskarte ziehen")
    assert app.has_text("Erlaubt: Ana: Verlieskarte ziehen.", contains=True)
    assert ctx.store.record(table.id).model_dump_json() == before
    await app.click(text="Zurück zum Spiel")
    assert app.shell.screen == "play" and app.shell.table is table
    assert not app.crashes()


def test_any_typed_text_is_a_safe_query():
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=60))
    def check(q):
        hits = search(q, limit=5)
        assert isinstance(hits, list) and len(hits) <= 5
        assert all(h.ref in ENTRIES or "#" in h.ref for h in hits)

    check()
    for q in ('"', "*", "AND", "OR NOT", "NEAR(a b)", "wächter*", "q8.white^", "-", "ä ö ü ß"):
        search(q)


# --- every legal move is reachable, grouped by player, long groups folded ----------------------------
async def test_the_what_if_list_offers_every_legal_move_grouped_by_player(ctx):
    from tests.harness.flet_session import AppSession

    table = ctx.tables.create("qwixx-longo", [PlayerSpec(name="Ana"), PlayerSpec(name="Ben"), PlayerSpec(name="Cara")],
                              {"lucky_numbers": [(4, 9), (5, 12), (3, 10)]})
    table.roll(values=[6, 8, 1, 1, 1, 1])  # white sum 14 for all three
    app = await AppSession.start(ctx, route=f"/g/{table.id}?all")
    app.shell.go("dispute", dispute_game=table.id)
    await app.settle()
    for name in ("Ana", "Ben", "Cara"):
        assert app.has_text(f"{name} – 5 Züge")
        for row in ("Rot", "Gelb", "Grün", "Blau"):
            assert app.find_all(text=f"{name}: Weiß 14 in {row}"), (name, row)
        assert app.find_all(text=f"{name}: Passen"), name
    await app.click(text="Cara: Passen")
    assert app.has_text("Erlaubt: Cara: Passen.", contains=True)
    # the colour phase: Ana alone, more moves than a group shows at once — folded with the count
    for seat in range(3):
        table.submit({"type": "pass", "by": seat})
    await app.click(text="English")
    app.shell.go("dispute", dispute_game=table.id)
    await app.settle()
    assert app.has_text("Ana – 9 moves")
    assert app.find_all(text="Show 5 more moves of Ana")
    assert not app.find_all(text="Ana: pass")
    await app.click(text="Show 5 more moves of Ana")
    assert app.find_all(text="Ana: pass") and not app.find_all(text="Show 5 more moves of Ana")
    assert not app.crashes()
