"""One writer per database whatever name it is given: a second server on a symlink
or a hard link of the file another server writes is refused like the same path (the lock
follows the real file: resolved path, device and inode)."""

from __future__ import annotations

import os
import signal

import pytest

from companion.store import Store
from tests.companion.store.test_store_one_writer import start_second
from tests.e2e.conftest import Server


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_a_second_server_on_another_name_of_the_same_file_is_refused(tmp_path, link):
    db = tmp_path / "real.db"
    first = Server(db)
    try:
        other = tmp_path / "other-name.db"
        (os.symlink if link == "symlink" else os.link)(db, other)
        second = start_second(other)
        assert second.returncode == 3, second.stdout
        lines = second.stdout.splitlines()
        assert lines[0] == (f"{other} wird schon von einem anderen Tischrichter benutzt (Prozess {first.proc.pid}). "
                            "Beende ihn oder wähle mit --db eine andere Datei.")
        assert "Traceback" not in second.stdout
        assert first.proc.poll() is None
        reader = Store(other)  # a store of another process only reads it
        try:
            assert reader.readonly and [n.key for n in reader.notices] == ["db_in_use"]
        finally:
            reader.close()
    finally:
        first.kill(signal.SIGKILL)
