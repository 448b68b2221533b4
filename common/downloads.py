"""One shape for every file the site hands out: TRF16/TRF26, CSVs, backups.

A view (or API view) builds a `Download` (file name, media type, body) and answers with
`download_response`; the body is text, bytes or, for a file too long to hold in memory,
an iterable of text chunks, which is streamed. CSVs are made by `csv_download`: UTF-8 with
a byte-order mark (spreadsheets then read the accents of names), every cell made safe for a
spreadsheet (`chesscore.record.text.spreadsheet_row`: names stay text, never formulas).

    >>> d = csv_download("x.csv", [["No.", "Name"], [1, "=Smith"]])
    >>> "".join(d.body)
    "\\ufeffNo.,Name\\r\\n1,'=Smith\\r\\n"
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass

from django.http import HttpResponse
from django.http import StreamingHttpResponse

from chesscore.record.text import spreadsheet_row

__all__ = ["Download", "csv_download", "download_response", "json_download", "trf_download"]

CSV = "text/csv; charset=utf-8"
TEXT = "text/plain; charset=utf-8"
JSON = "application/json"


@dataclass(frozen=True, slots=True)
class Download:
    """A file to hand out: its name, its media type and its body."""

    filename: str
    content_type: str
    body: str | bytes | Iterable[str]


class _Echo:
    """A file that hands back what is written to it, for writing CSV rows one by one."""

    def write(self, value: str) -> str:
        return value


def _csv_lines(rows: Iterable[Sequence[object]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield "\ufeff"
    for row in rows:
        yield writer.writerow(spreadsheet_row(row))


def csv_download(filename: str, rows: Iterable[Sequence[object]]) -> Download:
    """A CSV file of `rows`: written whole from a list, written as it is read (streamed)
    from any other iterable, such as a long log read in chunks."""
    lines = _csv_lines(rows)
    return Download(filename, CSV, "".join(lines) if isinstance(rows, list) else lines)


def trf_download(filename: str, text: str) -> Download:
    """A TRF file (TRF16 or TRF26: plain text)."""
    return Download(filename, TEXT, text)


def json_download(filename: str, body: str | bytes) -> Download:
    """A JSON file (an event's backup)."""
    return Download(filename, JSON, body)


def download_response(download: Download) -> HttpResponse | StreamingHttpResponse:
    """The response that hands `download` out as an attachment."""
    response: HttpResponse | StreamingHttpResponse
    if isinstance(download.body, str | bytes):
        response = HttpResponse(download.body, content_type=download.content_type)
    else:
        response = StreamingHttpResponse(download.body, content_type=download.content_type)
    response["Content-Disposition"] = f'attachment; filename="{download.filename}"'
    return response
