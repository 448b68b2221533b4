"""The backup file's format: every column of every table accounted for, and how values are
written."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.apps import apps

from archives import format as fmt
from archives.selectors import event_backup_get
from pairing.models import PairingRun
from tournaments import services
from tournaments.models import LogAction

# The apps whose tables hold an event; accounts are the site's, not the event's.
EVENT_APPS = ("tournaments", "teams", "entries", "pairing")


def test_every_table_of_the_event_apps_is_described():
    models = {m for name in EVENT_APPS for m in apps.get_app_config(name).get_models()}
    # The site's own machinery kept in an event app (the pairing workers) names no event.
    models -= {m for m in models if m._meta.label in fmt.NOT_CARRIED}

    assert {t.model for t in fmt.TABLES} == models


def test_every_other_table_of_the_site_is_left_out_with_a_reason():
    carried = {t.model for t in fmt.TABLES}
    unnamed = [
        model._meta.label
        for model in apps.get_models(include_auto_created=False)
        if model not in carried
        and model._meta.app_label not in fmt.NOT_CARRIED
        and model._meta.label not in fmt.NOT_CARRIED
    ]

    assert unnamed == []
    assert all(reason.strip() for reason in fmt.NOT_CARRIED.values())
    assert not {t.model._meta.label for t in fmt.TABLES} & set(fmt.NOT_CARRIED)


@pytest.mark.parametrize("table", fmt.TABLES, ids=lambda t: t.model.__name__)
def test_every_column_is_carried_linked_or_left_out_with_a_reason(table):
    meta = table.model._meta
    fields = [f.name for f in meta.concrete_fields] + [f.name for f in meta.many_to_many]
    described = [*table.columns, *table.links, *table.left_out]

    assert sorted(described) == sorted(fields)
    assert all(reason.strip() for reason in [*table.links.values(), *table.left_out.values()])


@pytest.mark.parametrize("table", fmt.TABLES, ids=lambda t: t.model.__name__)
def test_every_carried_column_has_a_form_in_the_file(table):
    kinds = {
        "CharField",
        "SlugField",
        "TextField",
        "PositiveSmallIntegerField",
        "PositiveIntegerField",
        "BooleanField",
        "DecimalField",
        "DateField",
        "DateTimeField",
        "FloatField",
        "JSONField",
    }
    for name in table.columns:
        field = table.model._meta.get_field(name)

        assert not field.is_relation, name
        assert field.get_internal_type() in kinds, name


def walk(value: Any) -> list[tuple[str, Any]]:
    """Every (key, value) of every object in `value`."""
    if isinstance(value, dict):
        return [(k, v) for k, v in value.items()] + [p for v in value.values() for p in walk(v)]
    if isinstance(value, list):
        return [p for v in value for p in walk(v)]
    return []


@pytest.fixture
def backup(swiss_event) -> bytes:
    return event_backup_get(event=swiss_event)


@pytest.mark.django_db
def test_the_file_says_its_format_and_version_first(backup):
    doc = json.loads(backup)

    assert list(doc) == ["format", "version", "event", "sections", "log"]
    assert (doc["format"], doc["version"]) == ("rookery-event", 3)


@pytest.mark.django_db
def test_the_file_is_utf8_indented_and_ends_with_a_newline(backup):
    text = backup.decode("utf-8")

    assert "Ærøskøbing Open ♞" in text
    assert text.startswith('{\n  "format": "rookery-event",\n')
    assert text.endswith("}\n")


@pytest.mark.django_db
def test_datetimes_are_utc_with_microseconds_and_decimals_are_strings(backup):
    doc = json.loads(backup)
    moment = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00")
    section = doc["sections"][0]

    assert moment.fullmatch(section["rounds"][0]["published_at"])
    assert all(moment.fullmatch(entry["created_at"]) for entry in doc["log"])
    assert all(moment.fullmatch(run["created_at"]) for run in section["pairing_runs"])
    assert (section["points_win"], section["points_half_bye"]) == ("3.0", "0.5")


@pytest.mark.django_db
def test_the_file_names_no_database_id_nor_account(swiss_event, backup):
    keys = {key for key, _value in walk(json.loads(backup))}

    assert not keys & {"id", "pk", "user", "captain", "organisers", "arbiters"}
    assert not keys & {fmt.RUN_REQUEST_USER}
    assert (
        PairingRun.objects.filter(section__event=swiss_event).first().request[fmt.RUN_REQUEST_USER]
    )


@pytest.mark.django_db
def test_json_columns_are_written_with_their_keys_sorted(backup):
    text = backup.decode()

    assert text.index('"a": [') < text.index('"z": 1')


@pytest.mark.django_db
def test_the_same_event_gives_the_same_file(swiss_event, backup):
    assert event_backup_get(event=swiss_event) == backup


@pytest.mark.django_db
def test_the_log_leaves_out_what_restores_wrote(swiss_event, organiser, backup):
    services.log_write(
        subject=swiss_event, actor=organiser, action=LogAction.RESTORE, description="Restored."
    )

    assert event_backup_get(event=swiss_event) == backup
    assert "restore" not in {entry["action"] for entry in json.loads(backup)["log"]}
