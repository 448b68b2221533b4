"""A prohibited group's name is one line, as every name: a restored backup refuses a
group named on two lines, so neither the form nor the service may make one."""

from __future__ import annotations

import pytest

from common.exceptions import ValidationError
from tournaments.constraints import services
from tournaments.constraints.forms import GroupForm
from tournaments.models import ProhibitedGroup

pytestmark = pytest.mark.django_db


def test_a_group_named_on_two_lines_is_refused_by_the_form_and_the_service(section, owner):
    form = GroupForm(data={"name": "Smith\nfamily", "kind": "strict"}, players=[])

    with pytest.raises(ValidationError) as caught:
        services.group_create(section=section, user=owner, name="Smith\tfamily", members=[1, 2])

    assert "one line" in form.errors["name"][0]
    assert (caught.value.field, ProhibitedGroup.objects.count()) == ("name", 0)
