"""The QR code of an event's poster, drawn on the server (no request leaves the site)."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString
from django.utils.safestring import mark_safe

__all__ = ["qr_svg"]


def qr_svg(url: str, *, title: str) -> SafeString:
    """`url` as a QR code in inline SVG that scales to its box (a view box, no size).

    Error correction M (15 % of the code may be lost): enough for a poster that gets a
    crease or a thumb over a corner, while short addresses stay at a few modules a side.
    The quiet zone of four modules is the standard's (ISO/IEC 18004). `title` becomes the
    image's text alternative; segno escapes it.
    """
    code = segno.make(url, error="m", micro=False)
    svg = code.svg_inline(
        scale=1,
        border=4,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass="qr",
        lineclass=None,
        title=title,
    )
    # Made here from the address and an escaped title: nothing in it is raw user text.
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))
