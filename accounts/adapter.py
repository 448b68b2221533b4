"""The accounts' adapter for django-allauth: how its emails are made and leave the site.

allauth's emails (the confirmation link, a password reset, a changed address) come from the
site's own templates, as every email of the site does (`common.emails.email_render`):
allauth's `account/email/<name>` is `templates/emails/account/<name>`, with its subject,
its plain text and its HTML. allauth sends them from inside the request that asks for them.
A mail server that refuses or cannot be reached must not turn that request into an error
once the account or the change is saved: the email is tried at once, as allauth would, and
when that fails it goes to the site's outbox (`common.services.email_queue`), where the
workers try it again with backoff and the sweep after them; staff see it pending or failed
in the admin.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.contrib.sites.shortcuts import get_current_site
from django.core.mail import EmailMultiAlternatives

from common.emails import RenderedEmail
from common.emails import email_render
from common.services import email_queue

logger = logging.getLogger(__name__)


class AccountAdapter(DefaultAccountAdapter):
    def render_mail(
        self,
        template_prefix: str,
        email: str | list[str],
        context: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> EmailMultiAlternatives:
        """allauth's email `template_prefix` ("account/email/login_code") to `email`, from
        the site's templates, its subject after allauth's prefix ("[Rookery] ")."""
        return self._message(self._render(template_prefix, context), email, headers)

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Send allauth's email `template_prefix` to `email` now, or leave it to the outbox
        when the sending fails. A failure to build it is raised: the templates would fail
        the same way every time."""
        request = allauth_context.request
        ctx = {
            "request": request,
            "email": email,
            "current_site": get_current_site(request),
            **context,
        }
        rendered = self._render(template_prefix, ctx)
        try:
            self._message(rendered, email).send()
        except Exception as exc:  # the mail server's trouble, never the request's.
            logger.warning(
                "Email %r to %s not sent at once (%s): left to the outbox",
                template_prefix,
                email,
                exc,
            )
            email_queue(
                to=email,
                subject=rendered.subject,
                body=rendered.text,
                html_body=rendered.html,
                about=f"account:{template_prefix.rsplit('/', 1)[-1]}"[:64],
                tried=exc,
            )

    def _render(self, template_prefix: str, context: dict[str, Any]) -> RenderedEmail:
        """allauth's `account/email/<name>` is the site's email `account/<name>`."""
        rendered = email_render(template_prefix.replace("/email/", "/", 1), context)
        return replace(rendered, subject=self.format_email_subject(rendered.subject))

    def _message(
        self,
        rendered: RenderedEmail,
        email: str | list[str],
        headers: dict[str, str] | None = None,
    ) -> EmailMultiAlternatives:
        message = EmailMultiAlternatives(
            subject=rendered.subject,
            body=rendered.text,
            from_email=self.get_from_email(),
            to=[email] if isinstance(email, str) else email,
            headers=headers,
        )
        message.attach_alternative(rendered.html, "text/html")
        return message
