"""The API's exception handler: domain errors become stable JSON with their status."""

from __future__ import annotations

from common.api import exception_handler
from common.exceptions import ServiceUnavailable
from common.exceptions import StateError


def test_service_unavailable_is_a_503_with_its_code_message_and_when_to_retry():
    response = exception_handler(ServiceUnavailable("The broker is away."), {})

    assert response is not None
    assert response.status_code == 503
    assert response.data == {"code": "service_unavailable", "message": "The broker is away."}
    assert response["Retry-After"] == "30"


def test_other_domain_errors_carry_no_retry_after():
    response = exception_handler(StateError("Not now.", field="number"), {})

    assert response is not None
    assert response.status_code == 409
    assert response.data == {"code": "invalid_state", "message": "Not now.", "field": "number"}
    assert not response.has_header("Retry-After")
