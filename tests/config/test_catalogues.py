"""Every language the site lists has a complete catalogue: no message left untranslated,
none marked fuzzy, none obsolete."""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
COMPLETE = 'msgid "Round"\nmsgstr "Ronde"\n\n'


def catalogue_problems(path: Path) -> list[str]:
    """What keeps the catalogue at `path` from being complete, a line each."""
    catalogue = polib.pofile(str(path))
    return [
        *(f"untranslated: {entry.msgid!r}" for entry in catalogue.untranslated_entries()),
        *(f"fuzzy: {entry.msgid!r}" for entry in catalogue.fuzzy_entries()),
        *(f"obsolete: {entry.msgid!r}" for entry in catalogue.obsolete_entries()),
    ]


def catalogues_incomplete(languages: list[tuple[str, str]], locale: Path) -> dict[str, list[str]]:
    """Each listed language but English whose catalogue under `locale` is missing or
    incomplete, with what is wrong."""
    found: dict[str, list[str]] = {}
    for code, _name in languages:
        path = locale / code / "LC_MESSAGES" / "django.po"
        if code == "en":
            continue
        problems = catalogue_problems(path) if path.exists() else ["no catalogue"]
        if problems:
            found[code] = problems
    return found


def test_every_listed_language_has_a_complete_catalogue() -> None:
    locale = Path(settings.LOCALE_PATHS[0])

    assert catalogues_incomplete(settings.LANGUAGES, locale) == {}


def test_a_listed_language_without_a_catalogue_is_named(tmp_path: Path) -> None:
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "django.po").write_text(HEADER + COMPLETE, "utf-8")
    languages = [("en", "English"), ("fr", "Français"), ("de", "Deutsch")]

    assert catalogues_incomplete(languages, tmp_path) == {"de": ["no catalogue"]}


def test_english_is_always_listed() -> None:
    assert settings.LANGUAGES[0] == ("en", "English")


def test_the_check_names_what_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "django.po"
    path.write_text(
        HEADER + COMPLETE + 'msgid "Pairings"\n'
        'msgstr ""\n'
        "\n"
        "#, fuzzy\n"
        'msgid "Standings"\n'
        'msgstr "Classement"\n'
        "\n"
        '#~ msgid "Wall chart"\n'
        '#~ msgstr "Tableau"\n',
        encoding="utf-8",
    )

    assert catalogue_problems(path) == [
        "untranslated: 'Pairings'",
        "fuzzy: 'Standings'",
        "obsolete: 'Wall chart'",
    ]
