"""One-line names and spreadsheet-safe cells."""

from __future__ import annotations

import doctest

from chesscore.record import text


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(text).failed == 0


def test_every_line_breaking_character_is_found_and_replaced() -> None:
    breaking = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))] + ["\u2028", "\u2029"]

    for char in breaking:
        assert text.control_character(f"a{char}b") is not None, hex(ord(char))
        assert text.one_line(f"a{char}b") == "a b", hex(ord(char))
    assert text.control_character("Peña, José ½ 漢字") is None
