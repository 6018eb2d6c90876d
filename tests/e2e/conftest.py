"""Real-browser fixtures: the app started as the README does, Debian's Chromium via Playwright.

No display, no downloaded browser: ``/usr/bin/chromium`` (``.ci/run`` installs it).
Flutter draws on a canvas; ``enable_semantics`` turns on the accessibility DOM so
controls are found by role and label.
"""

from __future__ import annotations

import collections
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TISCHRICHTER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: pathlib.Path, extra: list[str] | None = None, module: str = "companion") -> None:
        """``module``: the same entry point build/serve.sh uses, or another page served the same way
        (it takes ``--port`` and prints its URL first)."""
        self.port = free_port()
        self.db = db
        env = {**os.environ, "TISCHRICHTER_DB": str(db), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module, "--port", str(self.port), *(extra or [])],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.first_line = self.proc.stdout.readline().strip()
        # keep reading what the server prints: a full pipe would block it mid-test,
        # and the last lines are shown when a test fails
        self.lines: collections.deque[str] = collections.deque(maxlen=300)
        threading.Thread(target=self._drain, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.port}/"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server died: {self.proc.stdout.read()}") from None
                time.sleep(0.1)
        raise RuntimeError("server did not open its port")

    def _drain(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def output(self) -> str:
        return "\n".join(self.lines)

    def kill(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.rep_call = rep


@pytest.fixture
def server(tmp_path, request) -> Iterator[Server]:
    srv = Server(tmp_path / "e2e.db")
    yield srv
    srv.kill()
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        print(f"\n--- server output (last lines) ---\n{srv.output() or '(nothing)'}")


@pytest.fixture(scope="module")
def browser():
    # module scope: Playwright's sync API keeps an event loop running while it lives,
    # which would break pytest-asyncio tests that happen to run after the browser tests
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run build/setup.sh (installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_app(browser, url: str, locale: str = "de-DE", init_script: str | None = None):
    """A phone-sized page with the app loaded and semantics on (``init_script`` runs before the app)."""
    ctx = browser.new_context(viewport={"width": 412, "height": 915}, locale=locale)
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=40_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


@pytest.fixture
def app_page(browser, server):
    page = open_app(browser, server.url)
    yield page
    page.context.close()


def on_screen(page, found, find_again):
    """Flutter keeps nodes a little beyond the fold in the semantics tree, but a click there reaches
    nothing (or whatever is drawn at the edge): scroll the app's own list (the canvas) until the node
    is on screen. ``find_again`` looks the node up after each scroll."""
    view = page.viewport_size or {"width": 412, "height": 915}
    for _ in range(10):
        box = found.bounding_box()
        if box is None or box["y"] >= 0 and box["y"] + box["height"] <= view["height"]:
            break
        page.mouse.move(view["width"] / 2, view["height"] / 2)
        page.mouse.wheel(0, box["y"] + box["height"] / 2 - view["height"] / 2)
        time.sleep(0.4)
        found = find_again()
    return found


class Button:
    """A button by its text, or an icon button by its tooltip (Flutter puts the tooltip on a wrapper)."""

    def __init__(self, page, name: str, exact: bool = True) -> None:
        self.page = page
        self.by_text = page.get_by_role("button", name=name, exact=exact)
        self.by_tooltip = page.get_by_label(name, exact=exact).get_by_role("button")
        self.name = name

    def _find(self, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while True:
            for loc in (self.by_text, self.by_tooltip):
                if loc.count():
                    return loc.first
            if time.monotonic() > deadline:
                raise AssertionError(f"no button {self.name!r} on the screen")
            time.sleep(0.05)

    def wait_for(self, timeout: float = 20.0) -> None:
        self._find(timeout)

    def click(self, timeout: float = 20.0) -> None:
        found = on_screen(self.page, self._find(timeout), lambda: self._find(timeout))
        found.click()

    def count(self) -> int:
        return self.by_text.count() + self.by_tooltip.count()

    @property
    def first(self):
        return self._find()


def button(page, name: str, exact: bool = True) -> Button:
    return Button(page, name, exact)


# Flutter web edits a text field through its semantics <input>, but only once the framework has
# taken that field for editing: the tap focuses the <input>, the framework hears of it, focuses
# its TextField and sends its input configuration back, and only then does the engine listen to
# the <input>. Keys typed before that are lost (a name "Ben" arrives as "en"; the roll "3 4 8 1 2 5"
# as "4 8 1 2 5"). The engine writes the configuration into the element's ``autocorrect``
# attribute; a marker put there before the tap shows when that has happened.
_MARK_UNTAKEN = """el => { if (document.activeElement !== el) el.setAttribute('autocorrect', 'not-taken-yet'); }"""
_TAKEN = """el => document.activeElement === el && el.getAttribute('autocorrect') !== 'not-taken-yet'"""
_KEPT = """([el, text]) => document.activeElement === el && el.value === text"""


def field_for(page, label: str):
    """The text field labelled ``label`` (focused and empty, Flutter reads the hint after the label:
    "Name Spieler 1\nSpieler 1")."""
    return page.get_by_label(label, exact=True).or_(page.get_by_label(re.compile("^" + re.escape(label) + "\n"))).first


def tap_field(page, label: str, attempts: int = 3, touch: bool = False):
    """Tap the field labelled ``label`` and wait until Flutter has taken it for editing (see above),
    as a person waits for the cursor; a tap whose focus the framework moved away again (seen under
    CPU load) is tapped again. ``touch``: a finger's tap (a page with touch), else a mouse click.
    Returns the field's <input> element."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    field = field_for(page, label)
    for _ in range(attempts):
        field.wait_for()
        on_screen(page, field, lambda: field)
        el = field.element_handle()
        page.evaluate(_MARK_UNTAKEN, el)
        field.tap() if touch else field.click()
        try:
            page.wait_for_function(_TAKEN, arg=el, timeout=10_000)
        except PlaywrightTimeout:
            continue  # the field lost the focus before it was taken: tap again
        return el
    raise AssertionError(f"Flutter never took the field {label!r} for editing after {attempts} taps")


def unfold_real_dice(page, roll: str = "Würfeln", real: str = "Echte Würfel", app: str = "App würfelt") -> None:
    """The real dice's faces and field, on a roll's screen: folded, it shows only "Würfeln" and
    "Echte Würfel" (``real``), which unfolds them; a phone keeps them unfolded from roll to roll
    ("App würfelt", ``app``, folds them)."""
    deadline = time.monotonic() + 20
    while not button(page, app).count():
        if button(page, roll).count():
            button(page, real).click()
            button(page, app).wait_for()
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"neither {roll!r} nor {app!r} on the screen")
        time.sleep(0.05)


QWIXX_SEATS = (("Name Spieler 1", "Ana"), ("Name Spieler 2", "Ben"),
               ("Glückszahlen Spieler 1", "4 9"), ("Glückszahlen Spieler 2", "5 12"))


def set_up_qwixx(page) -> None:
    """From the home screen: the Qwixx Longo setup with Ana (lucky numbers 4 and 9) and Ben (5 and 12)."""
    button(page, "Qwixx Longo").click()
    button(page, "Mehr Optionen").click()  # the lucky numbers are folded with the house rules
    for label, text in QWIXX_SEATS:
        fill(page, label, text)


def start_qwixx(page) -> None:
    """``set_up_qwixx``, then the game started: Ana's turn, first roll."""
    set_up_qwixx(page)
    button(page, "Spiel starten").click()
    page.get_by_text("Ana ist dran · Wurf Nr. 1", exact=True).wait_for()


def fill(page, label: str, text: str, attempts: int = 3) -> None:
    """Type ``text`` into the field labelled ``label`` as a person does: tap it, wait until it is
    taken for editing (``tap_field``), type, and check it still has the focus and shows the text."""
    el = None
    for _ in range(attempts):
        el = tap_field(page, label, attempts)
        # the element itself: once focused, Flutter may read more than the label (a hint, the value)
        el.fill("")
        el.type(text, delay=5)
        if page.evaluate(_KEPT, [el, text]):
            return
    raise AssertionError(f"could not type {text!r} into {label!r}: it shows {el.input_value() if el else None!r}")
