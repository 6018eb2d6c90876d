"""Real browser: what is typed into a field reaches the app whole.

Flutter web edits a tapped field only after a round trip through the framework that takes a frame
or more; keys typed before that are lost. A person taps, sees the cursor, then types: typed that
way at 20 ms a key (a fast thumb), every key must arrive, in the app as in a bare Flet page with one
text field served the same way in the same run (``bare_field_page``, served by build/bench_floor.py's
``serve``), on a desktop page and on an Android phone page (touch, CPU 4x slower). Whoever types
before the cursor shows is measured too: here nothing was lost, on either page; on a slow phone
(frames held back after the tap) the bare Flet page loses the first keys just as the app does;
that is Flet's (Flutter web's) behaviour, not the app's (see the xfail below). Each case prints
what arrived (``pytest -s``).

No step of play needs fast typing: an empty name takes its seat's default, Qwixx's real dice
are tapped (the text field is a second way), and a Verflixxt or Verlies real die is
one key (or the app rolls it).
"""

from __future__ import annotations

import argparse
import re

import pytest

from tests.e2e.conftest import (
    _MARK_UNTAKEN,
    Server,
    button,
    field_for,
    fill,
    on_screen,
    open_app,
    start_qwixx,
    tap_field,
    unfold_real_dice,
)

pytestmark = pytest.mark.e2e

DELAY_MS = 20  # a key every 20 ms: faster than a thumb on a phone keyboard
NAME = "Annabella Schmidt"
ROLL = "3 4 8 1 2 5"  # Qwixx Longo: white 3 and 4, then red, yellow, green, blue
BARE_LABEL = "Feld"

# A slow phone: after a text field gets the focus, Flutter's next frames (layout, paint and the
# semantics update that hands the field to the text editor) come ``hold`` ms late, as they do on a
# loaded machine. Typing within that time is typing before the field is taken.
def slow_after_focus(hold: int) -> str:
    return """
(() => {
  let holdUntil = 0;
  document.addEventListener('focusin', e => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') holdUntil = performance.now() + HOLD;
  }, true);
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = cb => raf(t => {
    const wait = holdUntil - performance.now();
    if (wait > 0) setTimeout(() => cb(performance.now()), wait); else cb(t);
  });
})();
""".replace("HOLD", str(hold))


SLOW_AFTER_FOCUS = slow_after_focus(600)
# typing at once on a slower one: the first key surely comes before the take (seen here: the tap
# returned up to ~0.5 s after the focus under load, so 600 ms could let all keys through)
SLOWER_AFTER_FOCUS = slow_after_focus(1500)


def arrived(text: str) -> str:
    """The bare page's line under its field: what the Python side received (guillemets keep an empty
    or space-ended value visible)."""
    return f"Angekommen: «{text}»"


def bare_field_page(page) -> None:
    """The floor for typing: one TextField (dense, label and hint, like the app's name fields) and
    one Text showing what its change events brought to the server. Nothing else."""
    import flet as ft

    shown = ft.Text(arrived(""))

    def change(e) -> None:
        shown.value = arrived(e.control.value or "")

    page.title = "Bare field"
    page.add(ft.Column([ft.TextField(label=BARE_LABEL, hint_text="Text", dense=True, on_change=change), shown]))


def type_at_20ms(page, label: str, text: str, *, wait_for_cursor: bool = True, touch: bool = False):
    """Tap the field and type ``text`` with the keyboard, a key every 20 ms. ``wait_for_cursor``:
    first wait until Flutter has taken the field (a person sees the cursor); else type at once.
    ``touch``: tapped with a finger (a phone page). Returns the field's <input> once Flutter has
    taken it (its value is then what stays)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if wait_for_cursor:
        el = tap_field(page, label, touch=touch)
    else:
        field = field_for(page, label)
        field.wait_for()
        on_screen(page, field, lambda: field)
        el = field.element_handle()
        page.evaluate(_MARK_UNTAKEN, el)
        field.tap() if touch else field.click()
    page.keyboard.type(text, delay=DELAY_MS)
    try:  # keys typed early meet the take; after it the value is what Flutter keeps
        page.wait_for_function("el => document.activeElement === el && el.getAttribute('autocorrect') !== "
                               "'not-taken-yet'", arg=el, timeout=10_000)
    except PlaywrightTimeout:
        pass  # the framework moved the focus away: the value is read as it stands
    return el


def report(kind: str, typed: str, got: str) -> None:
    lost = "every key arrived" if got == typed else f"LOST {len(typed) - len(got)} of {len(typed)} keys"
    print(f"[typing {DELAY_MS} ms/key] {kind}: typed {typed!r}, arrived {got!r}: {lost}")


def settled(read, quiet: float = 1.0, limit: float = 15.0) -> str:
    """``read()`` once it has stayed the same for ``quiet`` seconds (at most ``limit`` seconds)."""
    import time

    last, since, end = read(), time.monotonic(), time.monotonic() + limit
    while time.monotonic() < end and time.monotonic() - since < quiet:
        time.sleep(0.1)
        now = read()
        if now != last:
            last, since = now, time.monotonic()
    return last


def received_by_the_bare_page(page) -> str:
    """What the bare page's Python side has (its line under the field), not what the <input> shows:
    keys typed before Flutter takes the field can sit in the <input> and never reach Flet."""
    line = page.get_by_text(re.compile(r"^Angekommen: «.*»$"))
    return settled(lambda: line.inner_text())[len("Angekommen: «"):-1]


def received_by_the_app(page) -> str:
    """The name the Qwixx table got for seat 1: started, its status line names the player ('' when
    the seat kept its default name)."""
    button(page, "Spiel starten").click()
    line = page.get_by_text(re.compile(r"^.+ ist dran · Wurf Nr\. 1$"))
    line.wait_for()
    name = line.inner_text()[:-len(" ist dran · Wurf Nr. 1")]
    return "" if name == "Spieler 1" else name


# Flutter web behaves as on a phone (its Android text editing and semantics) for this browser
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0.0.0 Mobile Safari/537.36")


def open_android_phone(browser, url: str, locale: str = "de-DE"):
    """A 390 x 844 touch phone that says it is Android, its CPU 4 times slower (as build/bench.py's
    ``--cpu-throttle 4``), the app loaded and semantics on. On Android, Flutter turns semantics on
    only after a real tap on its placeholder (a dispatched click is ignored), and a tap while it is
    still starting is missed: tap again until the semantics tree is there."""
    from playwright.sync_api import Error as PlaywrightError

    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale, is_mobile=True,
                              has_touch=True, user_agent=ANDROID_UA)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=40_000)
    for _ in range(10):
        try:
            placeholder.tap(force=True, timeout=2_000)
            page.wait_for_selector("flt-semantics", state="attached", timeout=2_000)
            break
        except PlaywrightError:
            if page.locator("flt-semantics").count():
                break
    else:
        ctx.close()
        raise AssertionError("Flutter did not turn semantics on after 10 taps")
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return page


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("bare") / "unused.db", module="tests.e2e.test_typing_e2e")
    yield srv
    srv.kill()


def test_bare_flet_field_keeps_every_key_typed_at_20_ms_after_the_tap(browser, bare):
    page = open_app(browser, bare.url)
    try:
        # first the person who types at once: measured, and only the first keys may be missing
        el = type_at_20ms(page, BARE_LABEL, NAME, wait_for_cursor=False)
        got = received_by_the_bare_page(page)
        report("bare Flet page, typed at once", NAME, got)
        assert NAME.endswith(got), got
        el.fill("")
        page.get_by_text(arrived(""), exact=True).wait_for()
        el.evaluate("el => el.blur()")
        # then tap, wait for the cursor, type
        el = type_at_20ms(page, BARE_LABEL, NAME)
        report("bare Flet page, after the cursor", NAME, el.input_value())
        page.get_by_text(arrived(NAME), exact=True).wait_for()
        assert el.input_value() == NAME
    finally:
        page.context.close()


def test_names_and_dice_typed_at_20_ms_reach_the_qwixx_table_whole(browser, server):
    """German: the whole typed name on the play screen, the whole typed roll in the white sum."""
    page = open_app(browser, server.url)
    try:
        button(page, "Qwixx Longo").click()
        el = type_at_20ms(page, "Name Spieler 1", NAME)
        report("app, Qwixx name, after the cursor", NAME, el.input_value())
        assert el.input_value() == NAME
        el = type_at_20ms(page, "Name Spieler 2", "Benedikt", wait_for_cursor=False)
        second = el.input_value()
        report("app, Qwixx name, typed at once", "Benedikt", second)
        assert "Benedikt".endswith(second), second
        button(page, "Spiel starten").click()
        page.get_by_text(f"{NAME} ist dran · Wurf Nr. 1", exact=True).wait_for()
        unfold_real_dice(page)
        el = type_at_20ms(page, "Echte Würfel: Werte eingeben", ROLL)
        report("app, Qwixx dice, after the cursor", ROLL, el.input_value())
        assert el.input_value() == ROLL
        button(page, "Übernehmen").click()
        page.get_by_text(f"Weiße Summe 7 – {NAME}:", exact=True).wait_for()
    finally:
        page.context.close()


def test_names_and_dice_typed_at_20_ms_reach_the_verflixxt_table_whole_in_english(browser, server):
    page = open_app(browser, server.url, locale="en-GB")
    try:
        button(page, "Verflixxt! Kompakt").click()
        el = type_at_20ms(page, "Name player 1", NAME)
        report("app, Verflixxt name (EN), after the cursor", NAME, el.input_value())
        assert el.input_value() == NAME
        button(page, "Start game").click()
        page.get_by_text(f"{NAME}'s turn", exact=True).wait_for()
        unfold_real_dice(page, roll="Roll", real="Real dice", app="App rolls")
        el = type_at_20ms(page, "Rolled (d6)", "5", wait_for_cursor=False)
        got = el.input_value()
        report("app, Verflixxt die (EN), typed at once", "5", got)
        if got != "5":  # lost: the person taps again and types after the cursor shows
            el = type_at_20ms(page, "Rolled (d6)", "5")
        assert el.input_value() == "5"
        button(page, "Apply").click()
        page.get_by_text("Rolled: 5", exact=True).wait_for()  # the die beside whose turn it is, as it is read
    finally:
        page.context.close()


def test_on_an_android_phone_every_key_typed_at_20_ms_after_the_tap_arrives(browser, bare, server):
    """The same on a phone: Android's text editing in Flutter web, touch taps, a slow CPU."""
    page = open_android_phone(browser, bare.url)
    try:
        el = type_at_20ms(page, BARE_LABEL, NAME, wait_for_cursor=False, touch=True)
        got = received_by_the_bare_page(page)
        report("bare Flet page, Android phone, typed at once", NAME, got)
        assert NAME.endswith(got), got
        el.fill("")
        page.get_by_text(arrived(""), exact=True).wait_for()
        el.evaluate("el => el.blur()")
        el = type_at_20ms(page, BARE_LABEL, NAME, touch=True)
        report("bare Flet page, Android phone, after the cursor", NAME, el.input_value())
        page.get_by_text(arrived(NAME), exact=True).wait_for()
        assert el.input_value() == NAME
    finally:
        page.context.close()
    page = open_android_phone(browser, server.url)
    try:
        button(page, "Qwixx Longo").click()
        el = type_at_20ms(page, "Name Spieler 1", NAME, touch=True)
        report("app, Qwixx name, Android phone, after the cursor", NAME, el.input_value())
        assert el.input_value() == NAME
        el = type_at_20ms(page, "Name Spieler 2", "Benedikt", wait_for_cursor=False, touch=True)
        second = el.input_value()
        report("app, Qwixx name, Android phone, typed at once", "Benedikt", second)
        assert "Benedikt".endswith(second), second
        button(page, "Spiel starten").click()
        page.get_by_text(f"{NAME} ist dran · Wurf Nr. 1", exact=True).wait_for()
    finally:
        page.context.close()


@pytest.mark.parametrize("where", ["bare", "app"])
def test_typing_before_the_cursor_on_a_slow_phone_loses_keys_in_a_bare_flet_page_too(browser, bare, server, where):
    """A finding, not a defect of the app: Flet 1.0.5 (Flutter web) drops the keys typed before it
    takes a tapped field, on the bare page as in the app. Measured with frames held 600 ms after the
    focus: 'Annabella Schmidt' arrived as 'idt', 'chmidt', 'hmidt', 'nabella Schmidt' on the bare page
    and as '', '', 'lla Schmidt', 'Schmidt' in the app (how many go depends on when the tap returns);
    held 1500 ms (here): '' in both. What arrived is read from the Python side (the bare page's line,
    the started table's status line): under load the <input> once still showed every key while Flet
    had none of them. Typed after the cursor (``conftest.fill``, the other tests here) every key
    arrives, on the slow phone too. Reported as xfail with this run's measurement; it fails if the
    keys all arrive (then Flet changed: say so in the note) or arrive changed."""
    url, label = (bare.url, BARE_LABEL) if where == "bare" else (server.url, "Name Spieler 1")
    page = open_app(browser, url, init_script=SLOWER_AFTER_FOCUS)
    try:
        if where == "app":
            button(page, "Qwixx Longo").click()
        el = type_at_20ms(page, label, NAME, wait_for_cursor=False)
        shown = el.input_value()
        got = received_by_the_bare_page(page) if where == "bare" else received_by_the_app(page)
    finally:
        page.context.close()
    report(f"{where} on a slow phone, typed at once (the field showed {shown!r})", NAME, got)
    assert NAME.endswith(got), got  # only the first keys go: nothing is changed or added
    assert got != NAME, "every key typed before the cursor arrived: Flet no longer drops them"
    pytest.xfail(f"Flet drops keys typed before it takes the field: {NAME!r} arrived as {got!r}")


def test_names_and_dice_typed_on_a_slow_phone_arrive_whole(browser, server):
    """``conftest.fill`` (every browser test types through it) waits until Flutter has taken the field."""
    page = open_app(browser, server.url, init_script=SLOW_AFTER_FOCUS)
    try:
        start_qwixx(page)
        unfold_real_dice(page)
        fill(page, "Echte Würfel: Werte eingeben", "3 4 8 1 2 5")
        button(page, "Übernehmen").click()
        page.get_by_text("Weiße Summe 7 – Ana:", exact=True).wait_for()
        page.get_by_text("Ana und Ben entscheiden noch", exact=True).wait_for()
    finally:
        page.context.close()


if __name__ == "__main__":  # the bare page, served as build/bench_floor.py serves its floor pages
    from build.bench_floor import serve

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8552)
    serve(bare_field_page, port=parser.parse_args().port, name="Bare field")
