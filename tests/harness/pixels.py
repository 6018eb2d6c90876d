"""Pictures of screens, compared as a player would see them (before them, the tests never looked).

``difference(a, b)``: the share of pixels that differ visibly between two screenshots of one size
(a channel off by more than ``THRESHOLD`` of 255), 0.0 for the same picture. ``ink(png, box)``: the
share of pixels in a box that differ visibly from the box's most common colour — the letters on a
button, a line of text; an empty button or a blank line is close to 0.
"""

from __future__ import annotations

import io
from collections import Counter

THRESHOLD = 40  # of 255: anti-aliasing and a caret's blink stay under it, a letter does not


def _image(png: bytes):
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def difference(a: bytes, b: bytes) -> float:
    from PIL import ImageChops

    ia, ib = _image(a), _image(b)
    if ia.size != ib.size:
        raise ValueError(f"screenshots of different sizes: {ia.size} and {ib.size}")
    diff = ImageChops.difference(ia, ib).convert("L").point(lambda v: 255 if v > THRESHOLD else 0)
    return diff.histogram()[255] / (ia.size[0] * ia.size[1])


def diff_image(a: bytes, b: bytes) -> bytes:
    """Where ``a`` and ``b`` differ, in red over a faded ``a`` (for a failing test's report)."""
    from PIL import Image, ImageChops

    ia, ib = _image(a), _image(b)
    mask = ImageChops.difference(ia, ib).convert("L").point(lambda v: 255 if v > THRESHOLD else 0)
    faded = Image.blend(ia, Image.new("RGB", ia.size, "white"), 0.7)
    faded.paste(Image.new("RGB", ia.size, (220, 0, 0)), mask=mask)
    out = io.BytesIO()
    faded.save(out, format="PNG")
    return out.getvalue()


def _ground_and_ink(png: bytes, box: tuple[float, float, float, float]) -> tuple[list, tuple | None, list]:
    """The box's pixels, its most common colour (None: an empty box) and the pixels visibly off it."""
    img = _image(png)
    x, y, w, h = (round(v) for v in box)
    crop = img.crop((max(x, 0), max(y, 0), min(x + w, img.size[0]), min(y + h, img.size[1])))
    pixels = list(crop.get_flattened_data() if hasattr(crop, "get_flattened_data") else crop.getdata())
    if not pixels:
        return pixels, None, []
    ground = Counter(pixels).most_common(1)[0][0]
    return pixels, ground, [p for p in pixels if max(abs(p[i] - ground[i]) for i in range(3)) > THRESHOLD]


def ink(png: bytes, box: tuple[float, float, float, float]) -> float:
    """The share of pixels in ``box`` (x, y, width, height in pixels) not of its most common colour."""
    pixels, _, inked = _ground_and_ink(png, box)
    return len(inked) / len(pixels) if pixels else 0.0


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def contrast(png: bytes, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """How well the text in ``box`` stands out, as a reader's eye takes it: (the WCAG contrast ratio
    between the box's most common colour, its ground, and the pixel that differs most from it,
    the core of a letter; the share of such ink pixels). A box with no ink gives (1.0, 0.0)."""
    pixels, ground, inked = _ground_and_ink(png, box)
    if ground is None or not inked:
        return 1.0, 0.0
    return max(contrast_ratio(ground, p) for p in set(inked)), len(inked) / len(pixels)
