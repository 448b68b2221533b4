"""The accounts' adapter for django-allauth: how its emails leave the site.

allauth sends its emails (the confirmation link, a password reset, a changed address) from
inside the request that asks for them. A mail server that refuses or cannot be reached must
not turn that request into an error once the account or the change is saved: the email is
tried at once, as allauth would, and when that fails it goes to the site's outbox
(`common.services.email_queue`), where the workers try it again with backoff and the sweep
after them; staff see it pending or failed in the admin.
"""

from __future__ import annotations

import logging
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.core.mail import EmailMessage, EmailMultiAlternatives

from common.services import email_queue

logger = logging.getLogger(__name__)


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Send allauth's email `template_prefix` to `email` now, or leave it to the outbox
        when the sending fails. A failure to build it is raised: allauth's own templates
        would fail the same way every time."""
        request = allauth_context.request
        ctx = {
            "request": request,
            "email": email,
            "current_site": get_current_site(request),
            **context,
        }
        message = self.render_mail(template_prefix, email, ctx)
        try:
            message.send()
        except Exception as exc:  # the mail server's trouble, never the request's.
            logger.warning(
                "Email %r to %s not sent at once (%s): left to the outbox",
                template_prefix,
                email,
                exc,
            )
            email_queue(
                to=email,
                subject=str(message.subject),
                body=str(message.body),
                html_body=_html_alternative(message),
                about=f"account:{template_prefix.rsplit('/', 1)[-1]}"[:64],
                tried=exc,
            )


def _html_alternative(message: EmailMessage) -> str:
    if message.content_subtype == "html":
        return str(message.body)
    if isinstance(message, EmailMultiAlternatives):
        for content, mimetype in message.alternatives:
            if mimetype == "text/html":
                return str(content)
    return ""
