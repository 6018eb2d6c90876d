"""One writer per database: a process-wide ``flock`` on ``<db>.lock``."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

try:  # not on every platform (the phone-only build has no processes to exclude)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


# --- one writer per database: a process-wide flock on <db>.lock ---------------------------
_HELD: dict[str, list[int]] = {}  # lock file (real path) -> [fd, number of stores using it]
_HELD_GUARD = threading.Lock()


def lock_path(path: Path) -> Path:
    """``<db>.lock`` next to the real file (symlinks resolved: every name of one file shares one lock)."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".lock")


# the database files themselves, flocked while a store of this process writes them: a hard link
# has another name (and so another ``.lock``) but the same device and inode
_HELD_FILES: dict[tuple[int, int], list[int]] = {}  # (st_dev, st_ino) -> [fd, stores using it]


def _take_file_lock(path: Path) -> tuple[tuple[int, int] | None, str | None]:
    """Flock the database file's inode, before SQLite opens it: (key, None) held (release with
    ``_release_file``); (None, pid) another process holds it; (None, None) nothing to lock."""
    if fcntl is None:
        return None, None
    try:
        st = os.stat(path)
    except OSError:
        return None, None
    key = (st.st_dev, st.st_ino)
    with _HELD_GUARD:
        held = _HELD_FILES.get(key)
        if held is not None:  # another store of this process: shared, no second descriptor
            held[1] += 1
            return key, None
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return None, None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return None, _flock_holder(key)
            return None, None
        _HELD_FILES[key] = [fd, 1]
        return key, None


def _flock_holder(key: tuple[int, int]) -> str:
    """The pid holding a flock on the inode ``key`` (Linux: /proc/locks), else "?"."""
    dev, ino = key
    try:
        with open("/proc/locks") as fh:
            for line in fh:
                f = line.split()
                if len(f) >= 6 and f[1] == "FLOCK":
                    maj, mnr, i = f[5].split(":")
                    if int(i) == ino and os.makedev(int(maj, 16), int(mnr, 16)) == dev:
                        return f[4]
    except (OSError, ValueError):
        pass
    return "?"


def _release_file(key: tuple[int, int]) -> None:
    with _HELD_GUARD:
        held = _HELD_FILES.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD_FILES[key]
            os.close(held[0])


def _take_lock(path: Path) -> tuple[str | None, str | None]:
    """(key, None): this process holds the database (release with ``_release``);
    (None, pid): another process holds it; (None, None): no lock to be had here
    (no fcntl, a file system without flock): go on, the compare-and-set still guards the log."""
    if fcntl is None:
        return None, None
    lp = lock_path(path)
    key = os.path.realpath(lp)
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held is not None:
            held[1] += 1
            return key, None
        try:
            fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:  # left by another user (root, once): flock needs no write access
            try:
                fd = os.open(lp, os.O_RDONLY)
            except OSError:
                return None, None
        except OSError:
            return None, None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                try:
                    pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
                finally:
                    os.close(fd)
                return None, pid
            os.close(fd)
            return None, None
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # held all the same; only the pid cannot be shown
        _HELD[key] = [fd, 1]
        return key, None


def _release(key: str) -> None:
    with _HELD_GUARD:
        held = _HELD.get(key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del _HELD[key]
            os.close(held[0])  # closing the last descriptor drops the flock
