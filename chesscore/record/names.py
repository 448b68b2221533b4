"""Names as people type and read them: the one rule by which the site finds and compares
them, and the order it lists them in.

A name is folded (`name_fold`): case and accents aside, apostrophes left out, and the
letters that are not a base letter plus an accent written as the Latin letters a keyboard
has (ø as o, ł as l, đ and ð as d, þ as th, æ as ae, ß as ss...).

Some letters are also written out by their own languages when the keyboard lacks them:
ü as ue, ö and ø as oe, ä as ae, å as aa ("Mueller" for "Müller", "Aagaard" for
"Ågård"). A second fold spells them so (``spelt=True``). Two names match when either fold
of the one meets the same fold of the other, so that "Müller" matches "Muller" (plain)
and "Mueller" (spelt), while "Muller" and "Mueller", written alike in no fold, stay two
names. Folding "ue" itself to "u" would make them meet too, but then "Michael" would be
"Michal", "Joel" "Jol" and "Rafael" "Rafał": two people would be one.

>>> same_name("sigridur olafsdottir", "Sigríður Ólafsdóttir")
True
>>> same_name("Mueller", "Müller"), same_name("Muller", "Müller"), same_name("Muller", "Mueller")
(True, True, False)
>>> same_name("Michael", "Michał")
False
>>> name_found(name_query("thorsdottir"), name_search_key("Þórsdóttir"))
True
>>> name_found(name_query("Müller"), name_search_key("Mueller"))
True
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = [
    "name_collation_key",
    "name_fold",
    "name_found",
    "name_query",
    "name_search_key",
    "same_name",
]

# Apostrophes are left out: "obrien" finds "O'Brien", "dalessandro" "D’Alessandro".
_APOSTROPHES = str.maketrans("", "", "'’‘`´ʼ")
# Letters that are not a base letter plus an accent, so that Unicode decomposition (NFKD)
# leaves them whole: written here as the Latin letters a player types instead. Keys are
# lower case (the text is case-folded first; case folding already turns ß into ss).
_PLAIN = str.maketrans(
    {
        "ø": "o",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "æ": "ae",
        "œ": "oe",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
        "ŋ": "n",
        "ĸ": "k",
    }
)
# The letters their languages spell out when a keyboard lacks them (German, the Nordic
# languages): applied before `_PLAIN`, to the composed text.
_SPELT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe", "å": "aa"})


def name_fold(text: str, *, spelt: bool = False) -> str:
    """`text` as names are compared: case-folded, apostrophes and accents dropped, the
    letters Unicode cannot split into a letter and an accent written as plain letters;
    with `spelt`, ä, ö, ü, ø and å first written out as ae, oe, ue, oe and aa.

    >>> name_fold("Bjørnsdóttir Đoković Dvořák O'Brien Łódź Straße Şahin Nguyễn")
    'bjornsdottir dokovic dvorak obrien lodz strasse sahin nguyen'
    >>> name_fold("Müller Østergård Þór", spelt=True)
    'mueller oestergaard thor'
    """
    text = text.translate(_APOSTROPHES).casefold()
    if spelt:
        text = unicodedata.normalize("NFC", text).translate(_SPELT)
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_PLAIN)


@lru_cache(maxsize=1 << 16)
def _folds(text: str) -> tuple[str, ...]:
    """Both folds of `text`, the spelt one only when it differs. Remembered: a search
    folds every name of an event, and the same names again at the next search."""
    if text.isascii():
        return (text.translate(_APOSTROPHES).lower(),)
    plain, spelt = name_fold(text), name_fold(text, spelt=True)
    return (plain,) if spelt == plain else (plain, spelt)


def same_name(one: str, other: str) -> bool:
    """Whether `one` and `other` are the same name written two ways: equal in either fold.

    >>> same_name("Bjørn Ødegård", "BJOERN OEDEGAARD"), same_name("Ødegård", "Odegard")
    (True, True)
    """
    return any(
        name_fold(one, spelt=spelt) == name_fold(other, spelt=spelt) for spelt in (False, True)
    )


def name_search_key(*names: str) -> str:
    """The text a search looks in for `names` (a first name, a last name, a club...): both
    folds of each, separated by spaces, so that no word of a query spans two of them.

    >>> name_search_key("Jürgen", "Müller")
    'jurgen juergen muller mueller'
    """
    return " ".join(fold for name in names for fold in _folds(name))


def name_query(query: str) -> list[tuple[str, ...]]:
    """The words of `query` (spaces and commas part them), each in both folds.

    >>> name_query("Müller, anna")
    [('muller', 'mueller'), ('anna',)]
    """
    return [_folds(word) for word in query.replace(",", " ").split()]


def name_found(words: list[tuple[str, ...]], key: str) -> bool:
    """Whether every word of a query (`name_query`) is somewhere in `key`
    (`name_search_key`), in either of its folds.

    >>> key = name_search_key("Magnus", "Carlsen")
    >>> name_found(name_query("mag carl"), key), name_found(name_query("mag karl"), key)
    (True, False)
    """
    return all(any(fold in key for fold in folds) for folds in words)


def name_collation_key(text: str) -> tuple[str, str, str]:
    """A key that sorts names as the root collation (Unicode's default order, ICU's
    ``und``) does, near enough for names: by their letters with case and accents aside (Ø
    with O, Ł with L, Đ and Ð with D, Þ after Z), then by accents and case, then by the
    text itself. The database sorts by the collation itself where it has one.

    >>> sorted(["Zeta", "Þór", "Østby", "Olsen", "Ómar", "Łukasz", "Lund", "Đoković",
    ...         "Dvořák", "Şahin", "Sahin", "Tamm"], key=name_collation_key)
    ['Đoković', 'Dvořák', 'Łukasz', 'Lund', 'Olsen', 'Ómar', 'Østby', 'Sahin', 'Şahin', \
'Tamm', 'Zeta', 'Þór']
    """
    folded = text.casefold()
    # Þ has a place of its own after Z: a mark above every letter keeps it there.
    primary = name_fold(folded.replace("þ", "\uffffþ"))
    return primary, unicodedata.normalize("NFKD", folded), text
