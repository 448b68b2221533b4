"""Names as a player types them: without accents, case or the letters a phone's keyboard
makes hard to reach."""

from __future__ import annotations

import unicodedata

__all__ = ["name_fold"]

# Apostrophes are left out: "obrien" finds "O'Brien", "dalessandro" "D’Alessandro".
_APOSTROPHES = str.maketrans("", "", "'’‘`´ʼ")
# Letters that are not a base letter plus an accent, so that Unicode decomposition (NFKD)
# leaves them whole: written here as the Latin letters a player types instead. Keys are
# lower case (the text is case-folded first; case folding already turns ß into ss).
_LETTERS = str.maketrans(
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


def name_fold(text: str) -> str:
    """`text` case-folded, with accents dropped and the letters above spelt out, so that
    "bjornsdottir" matches "Bjørnsdóttir", "sahin" "Şahin", "nguyen" "Nguyễn",
    "strasse" "Straße", "lodz" "Łódź" and "obrien" "O'Brien".

    >>> name_fold("Bjørnsdóttir Đoković Dvořák")
    'bjornsdottir dokovic dvorak'
    """
    text = text.translate(_APOSTROPHES)
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_LETTERS)
