"""Mutated input files: seed files from `seeds/` with bytes flipped, inserted, deleted, lines
duplicated or dropped, numbers made huge, NUL and other control characters, digits of other
scripts, long lines and truncation.

A mutation is a small value (`Mutation`), so that Hypothesis can draw and shrink lists of them
(`mutations()`), and `make fuzz` can draw the same kinds from a seeded `random.Random`
(`random_mutations`): the same seed gives the same files.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

SEEDS = Path(__file__).parent / "seeds"

KINDS = (
    "flip",
    "insert",
    "delete",
    "duplicate_line",
    "drop_line",
    "huge_number",
    "big_number",
    "nul",
    "control",
    "unicode_digit",
    "long_line",
    "truncate",
)

# Numbers just past the columns that store them (small integers, ids, rounds), and negative.
_BIG_NUMBERS = (b"40000", b"32768", b"99999", b"10000", b"1000", b"4294967296", b"-1", b"0")
# Characters str.isdigit() or \d take for digits: superscript two, Arabic-Indic three,
# fullwidth five, NKo one, and a digit of mathematical bold.
_OTHER_DIGITS = tuple(ch.encode() for ch in ("²", "٣", "５", "߁", "𝟗"))
_DIGITS = re.compile(rb"[0-9]+")
_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


@dataclass(frozen=True, slots=True)
class Mutation:
    """One change: `kind` (of `KINDS`), `where` in the file (0 to 1), and `value`, which
    chooses among what the kind can do (the byte, the length, the number...)."""

    kind: str
    where: float
    value: int


@cache
def seed_files(suffix: str) -> tuple[tuple[str, bytes], ...]:
    """(name, content) of the seed files ending in `suffix` (".trf", ".csv"), by name."""
    return tuple((path.name, path.read_bytes()) for path in sorted(SEEDS.glob(f"*{suffix}")))


def mutate(data: bytes, changes: Sequence[Mutation]) -> bytes:
    """`data` with each change applied in turn."""
    for change in changes:
        data = _apply(data, change)
    return data


def _apply(data: bytes, m: Mutation) -> bytes:
    at = min(int(m.where * len(data)), len(data))
    if m.kind == "flip":
        if not data:
            return data
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << (m.value % 8))]) + data[at + 1 :]
    if m.kind == "insert":
        return data[:at] + bytes([m.value % 256]) * (1 + m.value % 5) + data[at:]
    if m.kind == "delete":
        return data[:at] + data[at + 1 + m.value % 40 :]
    if m.kind in ("duplicate_line", "drop_line"):
        lines = _LINE.findall(data)
        if not lines:
            return data
        index = m.value % len(lines)
        lines[index : index + 1] = [lines[index]] * (2 if m.kind == "duplicate_line" else 0)
        return b"".join(lines)
    if m.kind in ("huge_number", "big_number", "unicode_digit"):
        return _number(data, m)
    if m.kind == "nul":
        return data[:at] + b"\x00" + data[at:]
    if m.kind == "control":
        control = bytes([m.value % 32]) if m.value % 33 else b"\x7f"
        return data[:at] + control + data[at:]
    if m.kind == "long_line":
        return data[:at] + b"9 x" * (3000 + m.value % 20_000) + data[at:]
    if m.kind == "truncate":
        return data[:at]
    raise ValueError(f"unknown mutation {m.kind!r}")


def _number(data: bytes, m: Mutation) -> bytes:
    """A run of digits (the one `where` points at) made huge, out of range, or foreign."""
    runs = list(_DIGITS.finditer(data))
    if not runs:
        return data
    run = runs[min(int(m.where * len(runs)), len(runs) - 1)]
    if m.kind == "huge_number":
        new = b"9" * (4301 + m.value % 2000)
    elif m.kind == "big_number":
        new = _BIG_NUMBERS[m.value % len(_BIG_NUMBERS)]
    else:
        digit = _OTHER_DIGITS[m.value % len(_OTHER_DIGITS)]
        offset = m.value % len(run.group())
        new = run.group()[:offset] + digit + run.group()[offset + 1 :]
    return data[: run.start()] + new + data[run.end() :]


def mutations(max_size: int = 4) -> st.SearchStrategy[list[Mutation]]:
    """Hypothesis: one to `max_size` mutations."""
    one = st.builds(
        Mutation,
        kind=st.sampled_from(KINDS),
        where=st.floats(0, 1, allow_nan=False),
        value=st.integers(0, 1 << 16),
    )
    return st.lists(one, min_size=1, max_size=max_size)


def random_mutations(rng: random.Random, max_size: int = 4) -> list[Mutation]:
    """One to `max_size` mutations drawn from `rng`."""
    return [
        Mutation(rng.choice(KINDS), rng.random(), rng.randrange(1 << 16))
        for _ in range(rng.randint(1, max_size))
    ]


def mutants(suffix: str, count: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """`count` mutated files of the seeds ending in `suffix`, the same for the same `seed`:
    (seed file name, content), made one at a time."""
    rng = random.Random(seed)
    files = seed_files(suffix)
    for _ in range(count):
        name, data = files[rng.randrange(len(files))]
        yield name, mutate(data, random_mutations(rng))
