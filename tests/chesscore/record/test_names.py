"""The one rule for names: how they fold, when two are the same, what a search finds, and
the order they sort in."""

from __future__ import annotations

import doctest

import pytest

from chesscore.record import names
from chesscore.record.names import name_collation_key
from chesscore.record.names import name_fold
from chesscore.record.names import name_found
from chesscore.record.names import name_query
from chesscore.record.names import name_search_key
from chesscore.record.names import same_name


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(names).failed == 0


@pytest.mark.parametrize(
    ("text", "plain", "spelt"),
    [
        ("Müller", "muller", "mueller"),
        ("Schröder", "schroder", "schroeder"),
        ("Jäger", "jager", "jaeger"),
        ("Straße", "strasse", "strasse"),
        ("Bjørnsdóttir", "bjornsdottir", "bjoernsdottir"),
        ("Ærø", "aero", "aeroe"),
        ("Þórsdóttir", "thorsdottir", "thorsdottir"),
        ("Sigríður", "sigridur", "sigridur"),
        ("Đoković", "dokovic", "dokovic"),
        ("Łódź", "lodz", "lodz"),
        ("Ågård", "agard", "aagaard"),
        ("Œuvre", "oeuvre", "oeuvre"),
        ("Yıldız", "yildiz", "yildiz"),
        ("Şahin", "sahin", "sahin"),
        ("Nguyễn", "nguyen", "nguyen"),
        ("O’Brien", "obrien", "obrien"),
        ("Mueller", "mueller", "mueller"),
        ("Carlsen", "carlsen", "carlsen"),
        ("Mu\u0308ller", "muller", "mueller"),  # ü written as u and a combining diaeresis
    ],
)
def test_a_name_folds_plainly_and_spelt_out(text: str, plain: str, spelt: str) -> None:
    assert (name_fold(text), name_fold(text, spelt=True)) == (plain, spelt)


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("sigridur olafsdottir", "Sigríður Ólafsdóttir", True),
        ("Mueller", "Müller", True),
        ("Muller", "Müller", True),
        ("MÜLLER", "müller", True),
        ("Thorsdottir", "Þórsdóttir", True),
        ("Bjoernsdottir", "Bjørnsdóttir", True),
        ("Bjornsdottir", "Bjørnsdóttir", True),
        ("Aagaard", "Ågård", True),
        ("Strasse", "Straße", True),
        ("Lodz", "Łódź", True),
        ("Muller", "Mueller", False),
        ("Michael", "Michal", False),
        ("Michael", "Michał", False),
        ("Rafael", "Rafał", False),
        ("Joel", "Jol", False),
        ("Anna", "Anne", False),
    ],
)
def test_two_names_are_the_same_when_a_fold_of_each_meets(one: str, other: str, same: bool) -> None:
    assert same_name(one, other) is same
    assert same_name(other, one) is same


@pytest.mark.parametrize(
    ("query", "name", "found"),
    [
        ("Mueller", "Jürgen Müller", True),
        ("muller", "Jürgen Müller", True),
        ("Müller", "Jürgen Mueller", True),
        ("mue", "Jürgen Müller", True),
        ("Thorsdottir", "Anna Þórsdóttir", True),
        ("thor anna", "Anna Þórsdóttir", True),
        ("oedegaard", "Åse Ødegård", True),
        ("odegard ase", "Åse Ødegård", True),
        ("sigridur", "Sigríður Ólafsdóttir", True),
        ("Carlsen, Magnus", "Magnus Carlsen", True),
        ("muller", "Jürgen Mueller", False),
        ("michael", "Michał Nowak", False),
        ("anna berg", "Anna Þórsdóttir", False),
    ],
)
def test_a_search_finds_every_word_in_either_fold(query: str, name: str, found: bool) -> None:
    assert name_found(name_query(query), name_search_key(*name.split())) is found


def test_names_sort_as_the_root_collation_does() -> None:
    """The order of ICU's ``und`` collation: Đ with D, Ł with L, Ó and Ø with O after the
    plain letter, Ş after S, Þ after Z."""
    shuffled = ["Þór", "Zeta", "Şahin", "Østby", "Sahin", "Łukasz", "Ómar", "Đoković"]
    shuffled += ["Olsen", "Lund", "Dvořák", "Tamm", "Müller", "Mueller", "Muller"]
    assert sorted(shuffled, key=name_collation_key) == [
        "Đoković",
        "Dvořák",
        "Łukasz",
        "Lund",
        "Mueller",
        "Muller",
        "Müller",
        "Olsen",
        "Ómar",
        "Østby",
        "Sahin",
        "Şahin",
        "Tamm",
        "Zeta",
        "Þór",
    ]
