"""Draw the phone app's icons (a white die showing five on indigo) as PNG, in plain Python.

    .venv/bin/python build/web/make_icons.py      # writes build/web/icons/*.png (committed)

No imaging library is needed (the venv has no Pillow): each pixel's coverage is sampled 4x4
and the PNG is written with zlib. ``maskable`` icons keep the die inside the safe circle
(80 % of the size) and fill the whole square, as Android's adaptive icons want.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
INDIGO = (57, 73, 171)  # Material indigo 600, the app's seed colour
WHITE = (255, 255, 255)
SUB = 4  # samples per pixel along each axis


def _png(size: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _in_round_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def draw(size: int, maskable: bool) -> bytes:
    s = float(size)
    # background: a rounded square (plain icon) or the full square (maskable)
    bg = (0.0, 0.0, s, s, 0.0 if maskable else s * 0.18)
    die_half = s * (0.27 if maskable else 0.33)
    die = (s / 2 - die_half, s / 2 - die_half, s / 2 + die_half, s / 2 + die_half, die_half * 0.28)
    pip_r = die_half * 0.17
    off = die_half * 0.52
    pips = [(s / 2, s / 2)] + [(s / 2 + dx * off, s / 2 + dy * off) for dx in (-1, 1) for dy in (-1, 1)]
    rows = []
    n = SUB * SUB
    for py in range(size):
        row = bytearray()
        for px in range(size):
            cover_bg = cover_white = 0
            for sy in range(SUB):
                y = py + (sy + 0.5) / SUB
                for sx in range(SUB):
                    x = px + (sx + 0.5) / SUB
                    if not _in_round_rect(x, y, *bg):
                        continue
                    cover_bg += 1
                    if _in_round_rect(x, y, *die) and not any((x - a) ** 2 + (y - b) ** 2 <= pip_r * pip_r
                                                              for a, b in pips):
                        cover_white += 1
            if cover_bg == 0:
                row += b"\x00\x00\x00\x00"
                continue
            w = cover_white / cover_bg
            rgb = [round(INDIGO[i] * (1 - w) + WHITE[i] * w) for i in range(3)]
            row += bytes(rgb) + bytes([round(255 * cover_bg / n)])
        rows.append(bytes(row))
    return _png(size, rows)


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon-192.png": (192, True),  # iOS rounds the corners itself and shows no transparency
    "favicon.png": (48, False),
}


def main() -> None:
    out = HERE / "icons"
    out.mkdir(exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (out / name).write_bytes(draw(size, maskable))
        print(name, size)


if __name__ == "__main__":
    main()
