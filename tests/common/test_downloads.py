"""Every file the site hands out has one shape: name, media type, body."""

import doctest

from django.http import StreamingHttpResponse

from common import downloads
from common.downloads import csv_download
from common.downloads import download_response
from common.downloads import json_download
from common.downloads import trf_download


def test_the_module_examples_hold():
    assert doctest.testmod(downloads).failed == 0


def test_a_csv_from_a_list_is_whole_with_a_byte_order_mark_and_safe_cells():
    response = download_response(csv_download("s.csv", [["Name"], ["=HYPERLINK(1)"]]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="s.csv"'
    assert response.content.decode() == "\ufeffName\r\n'=HYPERLINK(1)\r\n"


def test_a_csv_from_an_iterator_streams_row_by_row():
    read = []

    def rows():
        for n in range(3):
            read.append(n)
            yield [n]

    response = download_response(csv_download("log.csv", rows()))
    assert isinstance(response, StreamingHttpResponse)
    assert read == []
    assert b"".join(response.streaming_content).decode() == "\ufeff0\r\n1\r\n2\r\n"


def test_trf_and_backup_files_name_their_media_type():
    trf = download_response(trf_download("a-trf16.trf", "012 Open\n"))
    backup = download_response(json_download("a-backup.json", "{}"))
    assert trf["Content-Type"] == "text/plain; charset=utf-8"
    assert trf.content == b"012 Open\n"
    assert backup["Content-Type"] == "application/json"
    assert backup["Content-Disposition"] == 'attachment; filename="a-backup.json"'
