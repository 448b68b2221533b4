"""factory_boy factories for the Django models."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from tournaments.models import Event, Player, Round, Section


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct-horse-battery")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")


class SectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Section

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Section {n}")
    slug = factory.Sequence(lambda n: f"section-{n}")
    planned_rounds = 5


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    section = factory.SubFactory(SectionFactory)
    starting_rank = factory.Sequence(lambda n: n + 1)
    first_name = factory.Sequence(lambda n: f"First{n}")
    last_name = factory.Sequence(lambda n: f"Last{n}")
    fide_rating = factory.Sequence(lambda n: 2400 - n)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    section = factory.SubFactory(SectionFactory)
    number = 1
