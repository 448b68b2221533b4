"""Roster files: encodings, delimiters, both formats, column mapping and bad values."""

from __future__ import annotations

import codecs
import dataclasses
import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chesscore import roster
from chesscore.roster import FIDE_TITLES
from chesscore.roster import RosterFormat
from chesscore.roster import RosterIssue
from chesscore.roster import RosterRow
from chesscore.roster import detect_mapping
from chesscore.roster import parse
from chesscore.roster import preview
from chesscore.roster import split_name
from chesscore.roster import write_csv

GENERIC = (
    "Name,Rating,Fed,Title,FIDE ID\n"
    '"Carlsen, Magnus",2830,NOR,GM,1503014\n'
    "Judit Polgar,2675,HUN,GM,700070\n"
)


def _names(result: roster.RosterImport) -> list[str]:
    return [row.full_name for row in result.rows]


def _only_error(result: roster.RosterImport) -> RosterIssue:
    assert len(result.errors) == 1, [str(e) for e in result.errors]
    return result.errors[0]


# --- Reading the file: encodings, delimiters, line endings ---------------------------------


def test_comma_separated_names_split_as_last_first_or_first_last() -> None:
    result = parse(GENERIC)

    assert result.ok
    assert result.format is RosterFormat.GENERIC
    assert result.delimiter == ","
    assert [(r.line, r.last_name, r.first_name) for r in result.rows] == [
        (2, "Carlsen", "Magnus"),
        (3, "Polgar", "Judit"),
    ]
    carlsen = result.rows[0]
    assert (carlsen.fide_rating, carlsen.federation, carlsen.title, carlsen.fide_id) == (
        2830,
        "NOR",
        "GM",
        "1503014",
    )


@pytest.mark.parametrize("delimiter", [";", "\t", ","])
def test_delimiter_is_sniffed_from_the_header(delimiter: str) -> None:
    text = delimiter.join(["Last name", "First name", "Elo"]) + "\n"
    text += delimiter.join(["Doe", "Jane, Jr", "1800"]) + "\n"
    if delimiter == ",":
        text = text.replace("Jane, Jr", '"Jane, Jr"')

    result = parse(text)

    assert result.delimiter == delimiter
    assert [(r.last_name, r.first_name, r.fide_rating) for r in result.rows] == [
        ("Doe", "Jane, Jr", 1800)
    ]


def test_semicolon_file_with_commas_in_names_keeps_the_semicolon() -> None:
    result = parse("Name;Elo\nDoe, Jane;1800\nRoe, Rick;1700\n")

    assert result.delimiter == ";"
    assert _names(result) == ["Doe, Jane", "Roe, Rick"]


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_any_line_ending_gives_the_same_rows_and_line_numbers(ending: str) -> None:
    text = ending.join(["Name,Elo", "Doe, Jane,", "", "Roe,1700", ""])
    text = text.replace("Doe, Jane", '"Doe, Jane"')

    result = parse(text)

    assert [(r.line, r.full_name) for r in result.rows] == [(2, "Doe, Jane"), (4, "Roe")]


def test_utf8_byte_order_mark_is_dropped_so_the_first_header_matches() -> None:
    data = codecs.BOM_UTF8 + "Name,Elo\nMüller,2100\n".encode()

    result = parse(data)

    assert result.encoding == "utf-8-sig"
    assert result.headers == ("Name", "Elo")
    assert _names(result) == ["Müller"]
    assert result.warnings == ()


def test_utf8_without_byte_order_mark() -> None:
    result = parse("Name\nØvergård\n".encode())

    assert (result.encoding, _names(result)) == ("utf-8", ["Øvergård"])


def test_byte_order_mark_in_text_input_is_dropped() -> None:
    assert parse("\ufeffName\nDoe\n").headers == ("Name",)


def test_windows_1252_file_is_read_with_a_warning() -> None:
    data = "Name;Club\nMüller;Échecs “Club”\n".encode("cp1252")

    result = parse(data)

    assert result.encoding == "cp1252"
    assert result.rows[0].last_name == "Müller"
    assert result.rows[0].club == "Échecs “Club”"
    assert [str(w) for w in result.warnings] == ["the file is not UTF-8; it was read as cp1252"]


def test_bytes_undefined_in_windows_1252_fall_back_to_latin_1() -> None:
    result = parse(b"Name,Notes\nA,\x81\n")

    assert result.encoding == "latin-1"
    assert result.rows[0].extra == (("Notes", "\x81"),)


def test_utf16_spreadsheet_text_export_is_read() -> None:
    data = "Name\tElo\r\nŁukasz Nowak\t2200\r\n".encode("utf-16")

    result = parse(data)

    assert (result.encoding, result.delimiter) == ("utf-16", "\t")
    assert [(r.last_name, r.first_name) for r in result.rows] == [("Nowak", "Łukasz")]


def test_line_of_a_row_after_a_cell_spanning_two_lines_counts_both() -> None:
    result = parse('Name,Notes\nDoe,"two\nlines"\nRoe,x\n')

    assert [(r.line, r.last_name) for r in result.rows] == [(2, "Doe"), (4, "Roe")]
    assert result.rows[0].extra == (("Notes", "two\nlines"),)


def test_unclosed_quote_is_an_error_not_a_row_that_swallows_the_file() -> None:
    result = parse('Name,Elo\nDoe,1500\n"Roe,1400\nZoe,1300\n')

    error = _only_error(result)
    assert error.line == 3
    assert "cannot be read as CSV" in error.message


def test_empty_file_is_an_error() -> None:
    assert [str(e) for e in parse(b"").errors] == ["the file is empty"]
    assert [str(e) for e in parse("\n  \n").errors] == ["the file is empty"]


def test_header_only_file_has_no_rows_and_no_errors() -> None:
    result = parse("Name,Elo\n")

    assert result.ok
    assert result.rows == ()


# --- Generic format: mapping --------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Name", "name"),
        ("Player", "name"),
        ("First name", "first_name"),
        ("Given_Name", "first_name"),
        ("LAST-NAME", "last_name"),
        ("Surname", "last_name"),
        ("Family name", "last_name"),
        ("Rating", "fide_rating"),
        ("Elo", "fide_rating"),
        ("FIDE rating", "fide_rating"),
        ("FIDE ID", "fide_id"),
        ("FIDE", "fide_id"),
        ("Fed.", "federation"),
        ("Federation", "federation"),
        ("Country", "federation"),
        ("Title", "title"),
        ("Sex", "sex"),
        ("Gender", "sex"),
        ("Birth", "birth_date"),
        ("Born", "birth_date"),
        ("D.O.B.", "birth_date"),
        ("Birth date", "birth_date"),
        ("Year", "birth_date"),
        ("Club", "club"),
        ("School", "club"),
        ("Team", "club"),
        ("National ID", "national_id"),
        ("USCF ID", "national_id"),
        ("ID", "national_id"),
        ("National rating", "national_rating"),
        ("USCF rating", "national_rating"),
        ("Section", "section"),
        ("Status", "status"),
        ("Entry round", "entry_round"),
        ("Byes", "bye_rounds"),
    ],
)
def test_header_aliases_ignore_case_spaces_and_punctuation(header: str, field: str) -> None:
    assert detect_mapping([header]) == {field: header}


def test_first_column_for_a_field_wins_and_the_other_is_unknown() -> None:
    result = parse("Name,Rating,Elo\nDoe,1500,1600\n")

    assert result.mapping == {"name": "Name", "fide_rating": "Rating"}
    assert result.unknown_columns == ("Elo",)
    assert result.rows[0].fide_rating == 1500
    assert result.rows[0].extra == (("Elo", "1600"),)


def test_full_name_column_is_not_used_when_there_is_a_last_name_column() -> None:
    mapping = detect_mapping(["Name", "Last name", "First name"])

    assert mapping == {"last_name": "Last name", "first_name": "First name"}


def test_unknown_columns_are_reported_by_name_and_kept_per_row() -> None:
    result = parse("Name,Shirt size,,Elo\nDoe,L,x,1500\nRoe,,,1400\n")

    assert result.unknown_columns == ("Shirt size", "column 3")
    assert result.rows[0].extra == (("Shirt size", "L"), ("column 3", "x"))
    assert result.rows[1].extra == ()


def test_missing_name_column_is_reported_by_name() -> None:
    result = parse("Elo,Fed\n1500,FRA\n")

    assert result.missing_columns == ("Name",)
    error = _only_error(result)
    assert error.line == 1
    assert "names" in error.message
    assert result.rows == ()


def test_explicit_mapping_overrides_detection() -> None:
    text = "Player,Rating,Member,USCF\nDoe,1500,12345678,1650\n"
    mapping = {"name": "Player", "national_rating": "Rating", "national_id": "Member"}

    result = parse(text, mapping)

    assert result.ok
    assert result.mapping == mapping
    row = result.rows[0]
    assert (row.fide_rating, row.national_rating, row.national_id) == (None, 1500, "12345678")
    assert result.unknown_columns == ("USCF",)
    assert result.suggested_seeding == "national"


def test_explicit_mapping_naming_a_column_not_in_the_file_is_an_error() -> None:
    result = parse("Name,Elo\nDoe,1500\n", {"name": "Name", "fide_rating": "Rating"})

    assert [str(e) for e in result.errors] == [
        'mapping: there is no column "Rating" for fide_rating'
    ]
    assert result.rows == ()


def test_explicit_mapping_with_an_unknown_field_is_an_error() -> None:
    result = parse("Name,Elo\nDoe,1500\n", {"name": "Name", "elo": "Elo"})

    assert str(_only_error(result)).startswith('mapping: "elo" is not a field')


def test_explicit_mapping_with_both_full_and_split_names_is_an_error() -> None:
    result = parse("Name,Last\nDoe,Doe\n", {"name": "Name", "last_name": "Last"})

    assert "not both" in _only_error(result).message


def test_two_columns_with_the_same_header_get_a_warning() -> None:
    result = parse("Name,Elo,Elo\nDoe,1500,1400\n")

    assert [str(w) for w in result.warnings] == [
        'line 1, column "Elo": two columns are called "Elo"; the first is used'
    ]


def test_generic_seeding_follows_the_rating_columns() -> None:
    assert parse("Name,Elo\nDoe,1\n").suggested_seeding == "fide"
    assert parse("Name,USCF rating\nDoe,1\n").suggested_seeding == "national"
    assert parse("Name\nDoe\n").suggested_seeding is None


# --- Generic format: values ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("Rating", "abc", '"abc" is not a rating (a number from 0 to 3500)'),
        ("Rating", "4000", '"4000" is not a rating (a number from 0 to 3500)'),
        ("National rating", "-5", '"-5" is not a rating (a number from 0 to 3500)'),
        ("FIDE ID", "12a", '"12a" is not a FIDE ID (up to 11 digits)'),
        ("FIDE ID", "123456789012", '"123456789012" is not a FIDE ID (up to 11 digits)'),
        ("Fed", "Germany", '"Germany" is not a federation (three letters, as FRA or USA)'),
        ("Title", "G.M.", '"G.M." is not a title (GM, IM, WGM, FM, WIM, CM, WFM, WCM)'),
        ("Sex", "x", '"x" is not a sex (m or w)'),
        ("Birth date", "1990-02-30", '"1990-02-30" is not a date'),
        ("Birth date", "yesterday", '"yesterday" is not a birth date'),
        ("Birth date", "05/06/1990", '"05/06/1990" is ambiguous'),
        ("Status", "maybe", '"maybe" is not a status (active or withdrawn)'),
        ("Entry round", "0", '"0" is not a round number (1 to 999)'),
        ("Entry round", "1000", '"1000" is not a round number (1 to 999)'),
        ("Entry round", "²", '"²" is not a round number (1 to 999)'),
        ("Entry round", "9" * 5000, "is not a round number (1 to 999)"),
        ("Byes", "2, x", '"2, x" is not a list of round numbers (as 2, 5; 1 to 999)'),
        ("Byes", "2, ٣", "is not a list of round numbers"),
        ("Byes", "R" + "9" * 5000, "is not a list of round numbers"),
        ("FIDE ID", "²", '"²" is not a FIDE ID (up to 11 digits)'),
        ("FIDE ID", "١٢٣", '"١٢٣" is not a FIDE ID (up to 11 digits)'),
        ("Rating", "١٥٠٠", "is not a rating"),
        ("Birth date", "١٩٩٠-01-01", "is not a birth date"),
        ("National ID", "1" * 21, "is too long for an ID (20 characters at most)"),
        ("Club", "c" * 101, "is too long (100 characters at most)"),
    ],
)
def test_malformed_value_is_an_error_naming_line_and_column(
    column: str, value: str, message: str
) -> None:
    text = f'Name,{column}\nGood,\nDoe,"{value}"\nLate,\n'

    result = parse(text)

    error = _only_error(result)
    assert (error.line, error.column) == (3, column)
    assert message in error.message
    assert str(error).startswith(f'line 3, column "{column}": ')
    assert _names(result) == ["Good", "Late"]
    assert not result.ok


def test_every_bad_row_is_reported_in_one_pass() -> None:
    result = parse("Name,Elo,Fed\nDoe,abc,XXXX\nRoe,1500,FRA\nZoe,1e3,GER\n")

    assert [(e.line, e.column) for e in result.errors] == [
        (2, "Elo"),
        (2, "Fed"),
        (4, "Elo"),
    ]


def test_blank_name_is_an_error() -> None:
    error = _only_error(parse("Name,Elo\n,1500\n"))

    assert str(error) == 'line 2, column "Name": empty; every player needs a last name'


def test_name_with_a_control_character_is_an_error() -> None:
    error = _only_error(parse("Name\nA\x00B\n"))

    assert (error.line, error.column) == (2, "Name")


def test_row_with_more_values_than_the_header_is_an_error() -> None:
    result = parse("Name,Elo\nDoe,1500,extra\n")

    assert [str(e) for e in result.errors] == ["line 2: 3 values, but the header has 2 columns"]


def test_short_row_reads_the_missing_cells_as_blank() -> None:
    result = parse("Name,Elo,Fed\nDoe\n")

    assert result.ok
    assert (result.rows[0].fide_rating, result.rows[0].federation) == (None, "")


@pytest.mark.parametrize(
    ("text", "rating"),
    [
        ("", None),
        ("0", None),
        ("unr", None),
        ("NR", None),
        ("1500P12", 1500),
        ("1500/7", 1500),
        ("1500.0", 1500),
        ("100", 100),
        ("3500", 3500),
    ],
)
def test_rating_spellings(text: str, rating: int | None) -> None:
    assert parse(f"Name,Elo\nDoe,{text}\n").rows[0].fide_rating == rating


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("1990", "1990"),
        ("1990-05-17", "1990/05/17"),
        ("1990/5/7", "1990/05/07"),
        ("1990/00/00", "1990"),
        ("17.05.1990", "1990/05/17"),
        ("17/05/1990", "1990/05/17"),
        ("05/17/1990", "1990/05/17"),
    ],
)
def test_birth_dates_are_stored_as_trf_writes_them(text: str, stored: str) -> None:
    assert parse(f"Name,DOB\nDoe,{text}\n").rows[0].birth_date == stored


@pytest.mark.parametrize(
    ("text", "sex"), [("M", "m"), ("male", "m"), ("F", "w"), ("w", "w"), ("Female", "w")]
)
def test_sex_spellings(text: str, sex: str) -> None:
    assert parse(f"Name,Sex\nDoe,{text}\n").rows[0].sex == sex


def test_status_and_withdrawn_spellings() -> None:
    result = parse("Name,Withdrawn\nA,yes\nB,\nC,no\nD,W\n")

    assert [r.status for r in result.rows] == ["withdrawn", "active", "active", "withdrawn"]


def test_fide_id_zero_means_none() -> None:
    assert parse("Name,FIDE ID\nDoe,0\n").rows[0].fide_id == ""


def test_bye_rounds_and_entry_round() -> None:
    row = parse('Name,Byes,Entry round\nDoe,"R5, 2 2",3\n').rows[0]

    assert (row.bye_rounds, row.entry_round) == ((2, 5), 3)


def test_non_fide_title_is_kept_with_a_warning() -> None:
    result = parse("Name,Title\nDoe,nm\nRoe,wgm\n")

    assert [r.title for r in result.rows] == ["NM", "WGM"]
    assert [(w.line, w.column) for w in result.warnings] == [(2, "Title")]
    assert "not a FIDE title" in result.warnings[0].message


def test_same_fide_id_twice_in_a_section_gets_a_warning() -> None:
    result = parse("Name,FIDE ID\nDoe,123\nRoe,456\nDoe J,123\n")

    assert [str(w) for w in result.warnings] == ["line 4: same FIDE ID 123 as line 2"]


def test_generic_sections_split_rows_in_order_of_first_appearance() -> None:
    result = parse("Section,Name\nOpen,A\nU1400,B\nOpen,C\n")

    assert list(result.sections) == ["Open", "U1400"]
    assert [r.last_name for r in result.sections["Open"]] == ["A", "C"]
    assert result.sections["U1400"][0].section == "U1400"


def test_file_without_a_section_column_has_one_unnamed_section() -> None:
    assert list(parse(GENERIC).sections) == [""]


def test_blank_section_is_an_error() -> None:
    error = _only_error(parse("Section,Name\nOpen,A\n,B\n"))

    assert str(error) == 'line 3, column "Section": empty; every player needs a section'


def test_split_name_single_word_is_a_last_name() -> None:
    assert split_name("Mononym") == ("Mononym", "")


# --- Preview -------------------------------------------------------------------------------


def test_preview_gives_what_the_mapping_page_needs() -> None:
    rows = "".join(f"P{i},{1000 + i},L\n" for i in range(15))
    page = preview("Player,Elo,Shirt\n" + rows, limit=10)

    assert page.format is RosterFormat.GENERIC
    assert page.headers == ("Player", "Elo", "Shirt")
    assert page.mapping == {"name": "Player", "fide_rating": "Elo"}
    assert page.unknown_columns == ("Shirt",)
    assert page.missing_columns == ()
    assert [r.last_name for r in page.rows] == [f"P{i}" for i in range(10)]
    assert page.total_rows == 15


def test_preview_reports_missing_required_column_by_name() -> None:
    page = preview("Elo\n1500\n")

    assert page.missing_columns == ("Name",)
    assert page.unknown_columns == ()
    assert page.rows == ()
    assert page.errors


def test_preview_with_a_posted_mapping_shows_the_rows_it_would_import() -> None:
    page = preview("A,B\nDoe,1500\n", {"last_name": "A", "national_rating": "B"})

    assert [(r.last_name, r.national_rating) for r in page.rows] == [("Doe", 1500)]


# --- NWChess RosterTable.csv --------------------------------------------------------------

NW_GROUPS = '" ","Name","NWSRS","USCF","FIDE","NWChess","Byes","Fees"'
NW_SUBS = '"","","First","","","","ID","","ID","","","ID","Title","","Rounds","Status"'


def _nw(
    section: str,
    last: str,
    first: str,
    *,
    nwsrs: str = "",
    nwsrs_id: str = "",
    uscf: str = "",
    uscf_id: str = "",
    fide: str = "0",
    fide_id: str = "",
    title: str = "",
    byes: str = "",
    status: str = "Paid",
) -> str:
    cells = [section, last, first, "5", "Lakeside", nwsrs, nwsrs_id, uscf, uscf_id, "06/2027"]
    cells += [fide, fide_id, title, "05/2027", byes, status]
    return ",".join(f'"{c}"' for c in cells)


def _nw_file(*rows: str, groups: str = NW_GROUPS, subs: str = NW_SUBS) -> str:
    return "\r\n".join([groups, subs, *rows, ""])


def test_nwchess_roster_is_detected_and_its_columns_named() -> None:
    result = parse(_nw_file(_nw("Open", "Avula", "Sujatha", nwsrs="1078", uscf="892")))

    assert result.format is RosterFormat.NWCHESS
    assert result.ok
    assert result.headers == (
        "Section",
        "Last name",
        "First name",
        "Grade",
        "School",
        "NWSRS rating",
        "NWSRS ID",
        "USCF rating",
        "USCF ID",
        "USCF expires",
        "FIDE rating",
        "FIDE ID",
        "FIDE title",
        "NWChess expires",
        "Bye rounds",
        "Status",
    )
    assert result.unknown_columns == ()
    assert result.missing_columns == ()
    assert result.suggested_seeding == "national"
    assert result.mapping["national_rating"] == "max(NWSRS rating, USCF rating)"


def test_nwchess_row_fields() -> None:
    text = _nw_file(
        _nw(
            "Open",
            "Avula",
            "Sujatha",
            nwsrs="1078",
            nwsrs_id="ADUNE77T",
            uscf="892",
            uscf_id="17048070",
            fide_id="39991393",
            title="WCM",
            byes="3,6",
        )
    )

    row = parse(text).rows[0]

    assert row == RosterRow(
        line=3,
        last_name="Avula",
        first_name="Sujatha",
        title="WCM",
        club="Lakeside",
        fide_id="39991393",
        national_id="17048070",
        national_rating=1078,
        section="Open",
        bye_rounds=(3, 6),
        extra=(
            ("Grade", "5"),
            ("NWSRS rating", "1078"),
            ("NWSRS ID", "ADUNE77T"),
            ("USCF rating", "892"),
            ("USCF ID", "17048070"),
            ("USCF expires", "06/2027"),
            ("NWChess expires", "05/2027"),
            ("Status", "Paid"),
        ),
    )


def test_nwchess_sections_are_split() -> None:
    result = parse(
        _nw_file(
            _nw("Open", "A", "a", uscf="1900"),
            _nw("U1000", "B", "b", nwsrs="800"),
            _nw("Open", "C", "c", uscf="1800"),
            _nw("K-3", "D", "d", nwsrs="500"),
        )
    )

    assert list(result.sections) == ["Open", "U1000", "K-3"]
    assert [(r.line, r.last_name) for r in result.sections["Open"]] == [(3, "A"), (5, "C")]
    assert [r.last_name for r in result.sections["K-3"]] == ["D"]


@pytest.mark.parametrize(
    ("nwsrs", "uscf", "seed"),
    [
        ("1078", "892", 1078),
        ("827", "1740", 1740),
        ("", "1500", 1500),
        ("900", "0", 900),
        ("", "", None),
        ("0", "unr", None),
    ],
)
def test_nwchess_seeding_rating_is_the_higher_of_nwsrs_and_uscf(
    nwsrs: str, uscf: str, seed: int | None
) -> None:
    row = parse(_nw_file(_nw("Open", "A", "a", nwsrs=nwsrs, uscf=uscf))).rows[0]

    assert row.national_rating == seed
    assert row.fide_rating is None


def test_nwchess_fide_rating_is_ignored_even_when_highest_or_unreadable() -> None:
    result = parse(
        _nw_file(
            _nw("Open", "Suresh", "Yaswitha", nwsrs="827", uscf="740", fide="1553"),
            _nw("Open", "Roe", "Rick", nwsrs="900", fide="n/a?"),
        )
    )

    assert result.ok
    assert [(r.national_rating, r.fide_rating) for r in result.rows] == [(827, None), (900, None)]
    assert all("FIDE rating" not in dict(r.extra) for r in result.rows)


def test_nwchess_withdrawn_players_are_excluded_with_a_warning_naming_the_line() -> None:
    result = parse(
        _nw_file(
            _nw("Open", "Avula", "Sujatha", uscf="1078"),
            _nw("Open", "Lee", "Dana", uscf="1400", status="Withdrawn"),
            _nw("Withdrew", "Jones", "Carl", uscf="1300"),
            _nw("Open", "Kim", "Su", uscf="1200", status="WD"),
        )
    )

    assert _names(result) == ["Avula, Sujatha"]
    assert [str(w) for w in result.warnings] == [
        'line 4: Lee, Dana is withdrawn ("Withdrawn"); not imported',
        'line 5: Jones, Carl is withdrawn ("Withdrew"); not imported',
        'line 6: Kim, Su is withdrawn ("WD"); not imported',
    ]
    assert result.ok


def test_nwchess_withdrawn_row_with_bad_values_is_still_only_excluded() -> None:
    result = parse(_nw_file(_nw("Open", "Lee", "Dana", uscf="abc", status="Withdrawn")))

    assert result.ok
    assert len(result.warnings) == 1


def test_nwchess_national_id_is_the_uscf_id_or_else_the_nwsrs_id() -> None:
    result = parse(
        _nw_file(
            _nw("Open", "A", "a", nwsrs_id="ADUNE77T", uscf_id="17048070"),
            _nw("Open", "B", "b", nwsrs_id="RCRBZ14Z"),
        )
    )

    assert [r.national_id for r in result.rows] == ["17048070", "RCRBZ14Z"]


def test_nwchess_bad_value_names_line_and_column() -> None:
    result = parse(
        _nw_file(
            _nw("Open", "A", "a", nwsrs="1200"),
            _nw("Open", "B", "b", nwsrs="12OO"),
            _nw("Open", "C", "c", uscf="1100", byes="x"),
        )
    )

    assert [str(e) for e in result.errors] == [
        'line 4, column "NWSRS rating": "12OO" is not a rating (a number from 0 to 3500)',
        'line 5, column "Bye rounds": "x" is not a list of round numbers (as 2, 5; 1 to 999)',
    ]
    assert _names(result) == ["A, a"]


def test_nwchess_blank_section_or_last_name_is_an_error() -> None:
    result = parse(_nw_file(_nw("", "A", "a"), _nw("Open", "", "b")))

    assert [(e.line, e.column) for e in result.errors] == [(3, "Section"), (4, "Last name")]


def test_nwchess_roster_without_the_nwsrs_group_seeds_by_uscf() -> None:
    groups = '" ","Name","USCF","FIDE","NWChess","Byes","Fees"'
    subs = '"","","First","","","","ID","","","ID","Title","","Rounds","Status"'
    row = '"Open","Coates","John","13","Adult WA","1767","12939083","07/2028","0","0","","07/2027","","Paid"'  # noqa: E501

    result = parse(_nw_file(row, groups=groups, subs=subs))

    assert result.ok, [str(e) for e in result.errors]
    assert [(r.national_rating, r.national_id) for r in result.rows] == [(1767, "12939083")]
    assert [str(w) for w in result.warnings] == [
        "no NWSRS rating column; seeding uses the other rating only"
    ]


def test_nwchess_unknown_group_is_reported_by_name() -> None:
    groups = NW_GROUPS + ',"Notes"'
    subs = NW_SUBS + ',"","Text"'
    row = _nw("Open", "A", "a", uscf="1500") + ',"x","hello"'

    result = parse(_nw_file(row, groups=groups, subs=subs))

    assert result.ok
    assert result.unknown_columns == ("Notes (1)", "Notes Text")
    assert dict(result.rows[0].extra)["Notes Text"] == "hello"


def test_nwchess_two_unknown_groups_cannot_be_placed() -> None:
    groups = NW_GROUPS + ',"Notes","More"'
    subs = NW_SUBS + ',"","",""'

    error = _only_error(parse(_nw_file(groups=groups, subs=subs)))

    assert error.line == 1
    assert '"Notes", "More"' in error.message


def test_nwchess_unexpected_sub_heading_is_an_error_naming_it() -> None:
    subs = NW_SUBS.replace('"ID","","ID"', '"ID","","Expiry"')

    error = _only_error(parse(_nw_file(groups=NW_GROUPS, subs=subs)))

    assert str(error) == 'line 2: column 9 should be headed "ID" under "USCF", not "Expiry"'


def test_nwchess_one_line_header_with_a_missing_column_reports_it_by_name() -> None:
    text = "Section,Last Name,First Name,NWSRS Rating,USCF Rating\nOpen,Doe,Jane,900,800\n"

    result = parse(text)

    assert result.format is RosterFormat.NWCHESS
    assert result.missing_columns == ("Status",)
    assert [str(e) for e in result.errors] == ['line 1, column "Status": this column is missing']
    assert result.rows == ()


def test_nwchess_one_line_header_with_extra_columns_reports_them() -> None:
    header = "\t".join(["Section", "Last Name", "First Name", "NWSRS", "USCF", "Status", "Shirt"])
    text = header + "\nOpen\tDoe\tJane\t900\t950\tPaid\tL\n"

    result = parse(text)

    assert result.ok
    assert result.delimiter == "\t"
    assert result.unknown_columns == ("Shirt",)
    assert result.rows[0].national_rating == 950


def test_nwchess_roster_with_neither_rating_column_is_an_error() -> None:
    result = parse("Section,Last name,First name,NWChess,Status\nOpen,Doe,Jane,x,Paid\n")

    assert result.missing_columns == ("NWSRS rating or USCF rating",)


def test_nwchess_proposed_mapping_may_be_posted_back_but_no_other() -> None:
    text = _nw_file(_nw("Open", "A", "a", uscf="1500"))
    proposed = dict(preview(text).mapping)

    assert parse(text, proposed).ok
    changed = parse(text, {**proposed, "club": "Grade"})
    assert "fixed layout" in changed.errors[0].message


def test_nwchess_semicolon_and_latin_1_export() -> None:
    text = _nw_file(_nw("Open", "Peña", "José", uscf="1500")).replace('","', '";"')

    result = parse(text.encode("cp1252"))

    assert (result.delimiter, result.encoding) == (";", "cp1252")
    assert _names(result) == ["Peña, José"]


# --- Round trip ----------------------------------------------------------------------------

_text_cell = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12
).map(str.strip)
_rating_value = st.none() | st.integers(min_value=1, max_value=3500)
_date_value = st.sampled_from(["", "1987", "2001/02/28", "1969/12/31"])


@st.composite
def _rows(draw: st.DrawFn, section: bool) -> RosterRow:
    return RosterRow(
        line=0,
        last_name=draw(_text_cell.filter(bool)),
        first_name=draw(_text_cell),
        title=draw(st.sampled_from(("", *FIDE_TITLES))),
        sex=draw(st.sampled_from(["", "m", "w"])),
        birth_date=draw(_date_value),
        federation=draw(st.sampled_from(["", "FRA", "USA", "NED"])),
        club=draw(_text_cell),
        fide_id=draw(st.sampled_from(["", "1503014", "700070"])),
        fide_rating=draw(_rating_value),
        national_id=draw(_text_cell.filter(lambda t: t != "0")),
        national_rating=draw(_rating_value),
        national_rating_2=draw(_rating_value),
        status=draw(st.sampled_from(["active", "withdrawn"])),
        entry_round=draw(st.integers(min_value=1, max_value=9)),
        section=draw(_text_cell.filter(bool)) if section else "",
        bye_rounds=tuple(sorted(draw(st.sets(st.integers(min_value=1, max_value=9))))),
    )


@given(st.booleans().flatmap(lambda section: st.lists(_rows(section), max_size=6)))
def test_written_rows_read_back_unchanged(rows: list[RosterRow]) -> None:
    result = parse(write_csv(rows))

    assert result.errors == ()
    assert [dataclasses.replace(r, line=0) for r in result.rows] == rows
    assert [r.line for r in result.rows] == list(range(2, len(rows) + 2))


def test_docstring_examples() -> None:
    assert doctest.testmod(roster).failed == 0


@pytest.mark.parametrize(
    ("changes", "column", "message"),
    [
        ({"fide_id": "1²3"}, "FIDE ID", "is not a FIDE ID"),
        ({"byes": "1, ²"}, "Bye rounds", "is not a list of round numbers"),
        ({"byes": "9" * 5000}, "Bye rounds", "is not a list of round numbers"),
        ({"nwsrs": "١٥٠٠"}, "NWSRS rating", "is not a rating"),
        ({"uscf_id": "12\x003"}, "column 9", "control character U+0000"),
        ({"last": "Av\x00ula"}, "Name", "control character U+0000"),
    ],
)
def test_nwchess_values_that_are_not_ascii_numbers_or_plain_text_are_errors(
    changes: dict[str, str], column: str, message: str
) -> None:
    values = {"section": "Open", "last": "Avula", "first": "Sujatha", **changes}
    section, last, first = values.pop("section"), values.pop("last"), values.pop("first")

    result = parse(_nw_file(_nw(section, last, first, **values)))

    assert not result.ok
    error = result.errors[0]
    assert (error.line, error.column) == (3, column)
    assert message in error.message


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("Name,Notes\nGood,\nDoe,a\x00b\n", 3, "Notes"),
        ("Name,National ID\nDoe,12\x1b34\n", 2, "National ID"),
        ("Na\x00me,Elo\nDoe,1500\n", 1, "column 1"),
        ('Name,Notes\nDoe,"two\nlines\x00"\n', 2, "Notes"),
    ],
)
def test_a_control_character_anywhere_refuses_the_file_naming_line_and_column(
    text: str, line: int, column: str
) -> None:
    result = parse(text)

    assert not result.ok
    assert [(e.line, e.column) for e in result.errors] == [(line, column)]
    assert "control character" in result.errors[0].message
    assert result.rows == ()


def test_line_breaks_and_tabs_in_a_quoted_cell_are_not_control_characters() -> None:
    result = parse('Name,Notes\nDoe,"two\r\nlines\tand a tab"\n')

    assert result.ok
    assert result.rows[0].extra == (("Notes", "two\r\nlines\tand a tab"),)
