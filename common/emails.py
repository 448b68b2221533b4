"""The site's emails, each from its templates: the one place a message is rendered.

Every email (an invitation, an entry's news, the accounts' links and notices) is three
templates under `templates/emails/`: `<name>_subject.txt`, `<name>.txt` (the plain text,
written inside `{% autoescape off %}`) and `<name>.html` (escaped as every page is: names
typed by users go in as text, never as markup). They are rendered in the language active
when the email is made, and go to the outbox (`common.services.email_queue`) with the HTML
as the alternative of the text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

from common.services import header_line

__all__ = ["RenderedEmail", "email_render"]


@dataclass(frozen=True)
class RenderedEmail:
    """An email's subject (one line), plain-text body and HTML body."""

    subject: str
    text: str
    html: str


def email_render(name: str, context: Mapping[str, Any]) -> RenderedEmail:
    """Email `name` ("entry_received", "account/login_code") rendered with `context`.

    The subject is put on one line (`header_line`), so a name holding a line break cannot
    make a header of its own; the HTML body gets it too, as `subject`, for its title.
    """
    subject = header_line(render_to_string(f"emails/{name}_subject.txt", dict(context)))
    text = render_to_string(f"emails/{name}.txt", dict(context)).strip()
    html = render_to_string(f"emails/{name}.html", {**context, "subject": subject}).strip()
    return RenderedEmail(subject=subject, text=text, html=html)
