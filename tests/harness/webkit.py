"""WebKit for the browser tests: Debian's WebKitGTK, the engine of every iPhone browser.

Playwright's WebKit is a downloaded build (not here); Debian ships the real engine with a W3C
WebDriver (package ``webkit2gtk-driver``: ``WebKitWebDriver``) and its test browser MiniBrowser,
driven here through Selenium's WebKitGTK driver. It needs an X display: without one an ``Xvfb``
(package ``xvfb``) is started for the browser and stopped with it. ``build/setup.sh --test``
installs both packages.

The browser's console goes to a file (``console``): MiniBrowser writes console messages to its
stdout when asked to, and WebKitWebDriver passes that on to its log.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
DRIVER = "WebKitWebDriver"


def minibrowser() -> Path | None:
    found = [MINIBROWSER, *Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser")]
    return next((p for p in found if p.exists()), None)


def missing() -> str | None:
    """Why WebKit cannot run here (None: it can)."""
    if minibrowser() is None:
        return "MiniBrowser not found (Debian package libwebkit2gtk-4.1-0): run build/setup.sh --test"
    if not shutil.which(DRIVER):
        return "WebKitWebDriver not found (Debian package webkit2gtk-driver): run build/setup.sh --test"
    if not shutil.which("Xvfb"):
        return "Xvfb not found (Debian package xvfb): run build/setup.sh --test"
    return None


@contextlib.contextmanager
def display() -> Iterator[str]:
    """An X display of our own (Xvfb) for as long as it is needed; Xvfb picks a free display number
    and tells it through ``-displayfd``."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    try:
        number = b""
        deadline = time.monotonic() + 15
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("Xvfb did not start")
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb did not say which display it took")
                number += chunk
        yield f":{number.decode().strip()}"
    finally:
        proc.terminate()
        proc.wait(5)


def fit(driver: object, width: int, height: int) -> tuple[int, int]:
    """Size the window so that the page is ``width``×``height`` CSS px, as far as MiniBrowser lets it:
    its toolbar keeps the window at least about 447 px wide. Returns the page's size."""
    driver.set_window_size(width, height)  # type: ignore[attr-defined]
    for _ in range(3):
        w, h = driver.execute_script("return [innerWidth, innerHeight]")  # type: ignore[attr-defined]
        if (w, h) == (width, height):
            break
        size = driver.get_window_size()  # type: ignore[attr-defined]
        driver.set_window_size(size["width"] + width - w, size["height"] + height - h)  # type: ignore[attr-defined]
    return tuple(driver.execute_script("return [innerWidth, innerHeight]"))  # type: ignore[attr-defined]


@contextlib.contextmanager
def webkit(console: Path, width: int = 390, height: int = 844) -> Iterator[object]:
    """A MiniBrowser window of ``width``×``height`` CSS px under WebDriver (a selenium driver)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service

    why = missing()
    if why:
        raise RuntimeError(why)
    with display() as disp:
        old = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = disp  # the driver starts the browser with this process's environment
        try:
            opts = webdriver.WebKitGTKOptions()
            opts.binary_location = str(minibrowser())
            opts.add_argument("--automation")
            opts.add_argument("--enable-write-console-messages-to-stdout=true")
            console.parent.mkdir(parents=True, exist_ok=True)
            log = open(console, "w")  # noqa: SIM115 (closed below, after the driver)
            driver = webdriver.WebKitGTK(options=opts, service=Service(log_output=log))
            try:
                fit(driver, width, height)
                yield driver
            finally:
                driver.quit()
                log.close()
        finally:
            if old is None:
                os.environ.pop("DISPLAY", None)
            else:
                os.environ["DISPLAY"] = old
