"""The language a page speaks: the reader's choice, then the event's, then the browser's,
then English; the switcher that saves the choice; cached pages kept one a language."""

from __future__ import annotations

import pytest
from django.test import override_settings

from accounts.models import Preferences
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SPOKEN = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]


@pytest.fixture(autouse=True)
def _three_languages():
    with override_settings(LANGUAGES=SPOKEN):
        yield


def _lang(response) -> str:
    page = response.content.decode()
    start = page.index('<html lang="') + len('<html lang="')
    return page[start : page.index('"', start)]


def test_english_when_nothing_says_otherwise(client):
    response = client.get("/")

    assert _lang(response) == "en"
    assert response["Content-Language"] == "en"
    assert "Accept-Language" in response["Vary"]
    assert "Cookie" in response["Vary"]


def test_the_browser_language(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-CH, fr;q=0.9, en;q=0.8")

    assert _lang(response) == "fr"
    assert response["Content-Language"] == "fr"


def test_a_language_the_site_does_not_speak_falls_back_to_english(client):
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"


def test_the_event_language_comes_before_the_browser(client):
    event = EventFactory(language="de")
    section = SectionFactory(event=event)
    url = f"/events/{event.slug}/{section.slug}/"

    assert _lang(client.get(f"/events/{event.slug}/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"
    assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="fr")) == "de"
    # Pages of no event keep the browser's.
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_an_event_without_a_language_follows_the_browser(client):
    event = EventFactory(language="")

    assert _lang(client.get(f"/events/{event.slug}/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_the_switcher_is_a_form_that_works_without_javascript(client):
    page = client.get("/").content.decode()

    assert 'action="/language/"' in page
    assert 'method="post"' in page
    assert '<option value="fr" lang="fr">Français</option>' in page
    assert '<button type="submit" class="link">' in page


def test_an_anonymous_choice_beats_the_event_and_the_browser(client):
    event = EventFactory(language="de")

    response = client.post("/language/", {"language": "fr", "next": f"/events/{event.slug}/"})

    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/"
    assert _lang(client.get(f"/events/{event.slug}/", HTTP_ACCEPT_LANGUAGE="de")) == "fr"


def test_a_signed_in_choice_is_saved_with_the_account(client):
    user = UserFactory()
    client.force_login(user)

    client.post("/language/", {"language": "de", "next": "/"})

    assert Preferences.objects.get(user=user).language == "de"
    # Another browser, signed in as the same person, speaks it too.
    other = client.__class__()
    other.force_login(user)
    assert _lang(other.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"


def test_the_saved_choice_beats_the_cookie_and_the_event(client):
    user = UserFactory()
    Preferences.objects.create(user=user, language="fr")
    event = EventFactory(language="de")
    client.force_login(user)
    client.cookies["django_language"] = "de"

    assert _lang(client.get(f"/events/{event.slug}/")) == "fr"


def test_choosing_none_goes_back_to_the_event_and_the_browser(client):
    user = UserFactory()
    Preferences.objects.create(user=user, language="fr")
    client.force_login(user)

    client.post("/language/", {"language": "", "next": "/"})

    assert Preferences.objects.get(user=user).language == ""
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_an_unknown_code_is_no_choice(client):
    client.post("/language/", {"language": "xx", "next": "/"})

    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_the_switcher_goes_back_only_to_this_site(client):
    response = client.post("/language/", {"language": "fr", "next": "https://evil.example/"})

    assert response["Location"] == "/"


def test_the_switcher_takes_no_get(client):
    assert client.get("/language/?language=fr").status_code == 405


def test_a_cached_page_is_kept_once_a_language(client):
    event = EventFactory(language="")
    section = SectionFactory(event=event)
    url = f"/events/{event.slug}/{section.slug}/"

    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    french_again = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")

    assert (_lang(french), _lang(german), _lang(french_again)) == ("fr", "de", "fr")


@override_settings(LANGUAGES=[("en", "English")])
def test_no_switcher_while_english_is_the_only_language(client):
    assert "language-switcher" not in client.get("/").content.decode()


def test_a_changed_event_language_shows_at_once(client):
    event = EventFactory(language="de")
    url = f"/events/{event.slug}/"
    assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="fr")) == "de"

    event.language = ""
    event.save()

    assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_a_kept_page_still_costs_one_query(client, django_assert_num_queries):
    event = EventFactory(language="de")
    section = SectionFactory(event=event)
    url = f"/events/{event.slug}/{section.slug}/"
    client.get(url)

    with django_assert_num_queries(1):
        assert _lang(client.get(url)) == "de"
