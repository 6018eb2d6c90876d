"""What a redraw diffs: the whole page when one of the page's own properties changed (the theme) or the
frame was built anew (the language); a tap diffs the frame alone
(tests/companion/store/test_store_writer.py). Level 2 (tests/harness/flet_session.py)."""

from __future__ import annotations

from typing import Any

from tests.harness.flet_session import AppSession, make_context


def _sent_theme(app: AppSession, since: int) -> list[Any]:
    return [raw for raw in app.frames[since:] if b"theme_mode" in raw]


async def test_choosing_dark_or_another_language_diffs_the_whole_page_and_sends_the_theme(tmp_path):
    ctx = make_context(tmp_path / "t.db")
    app = await AppSession.start(ctx, "/")
    diffs: list[Any] = []
    original = app.session.patch_control

    def patch_control(control: Any, *args: Any, **kwargs: Any) -> Any:
        diffs.append(control)
        return original(control, *args, **kwargs)

    app.session.patch_control = patch_control
    since = len(app.frames)
    await app.click(text="Dunkel")
    await app.settle()
    assert app.page in diffs  # the theme is the page's: the whole page is diffed
    assert len(_sent_theme(app, since)) == 1  # and the phone gets the new theme
    diffs.clear()
    since = len(app.frames)
    await app.click(text="Hell")
    await app.settle()
    assert app.page in diffs and len(_sent_theme(app, since)) == 1
    diffs.clear()
    await app.click(text="English")
    await app.settle()
    assert app.has_text("Colours")  # a new language builds a new frame: the whole page again
    assert app.page in diffs
    diffs.clear()
    since = len(app.frames)
    await app.click(text="Dark")
    await app.settle()
    assert app.page in diffs and len(_sent_theme(app, since)) == 1
    ctx.store.close()
