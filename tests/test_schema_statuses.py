"""The API's schema documents every status the API answers (core/schema.py): each
operation's 400, 403, 406, 429 and 503, 401 where signing in is needed and 404 where
the address names a row, in the error body (``ApiError``) the API really sends. The
fuzz suites (tests/test_api_fuzz.py, tests/test_live_fuzz.py) hold the live answers
to the documented statuses."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.test_security import low_api_rates  # noqa: F401 (a fixture)

SCHEMA_PATH = "/api/v1/schema/"
METHODS = {"get", "post", "put", "patch", "delete"}
ERROR_REF = "#/components/schemas/ApiError"


@pytest.fixture(scope="module")
def served(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        response = APIClient().get(SCHEMA_PATH, HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", path, operation


def test_every_operation_documents_the_statuses_any_request_may_get(served):
    missing = {}
    for name, path, operation in operations(served):
        wanted = {"400", "403", "406", "429", "503"}
        if {} not in operation.get("security", [{}]):
            wanted.add("401")
        if "{" in path:
            wanted.add("404")
        if "requestBody" in operation:
            wanted.add("415")
        if lacking := wanted - set(operation["responses"]):
            missing[name] = sorted(lacking)
    assert not missing
    assert sum(1 for _ in operations(served)) >= 60


def test_the_statuses_a_view_does_not_document_use_the_error_body(served):
    body = served["components"]["schemas"]["ApiError"]
    assert body["required"] == ["detail"]
    assert set(body["properties"]) == {"detail", "errors", "fields"}
    rulesets = served["paths"]["/api/v1/rulesets/"]["get"]["responses"]
    for code in ("403", "406", "429", "503"):
        assert rulesets[code]["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}
    assert "Retry-After" in rulesets["429"]["description"]
    for code in ("429", "503"):
        assert rulesets[code]["headers"]["Retry-After"]["schema"]["type"] == "integer"


def test_a_view_keeps_its_own_answer_for_a_status_it_documents(served):
    # A league's creation documents its own 403 (not a commissioner...): kept.
    create = served["paths"]["/api/v1/leagues/"]["post"]["responses"]
    assert create["403"]["content"]["application/json"]["schema"] != {"$ref": ERROR_REF}


@pytest.mark.django_db
def test_a_read_with_a_token_that_is_not_valid_answers_the_documented_403():
    response = APIClient().get(reverse("api-rulesets"), HTTP_AUTHORIZATION="Token nope")
    assert response.status_code == 403
    assert response.json() == {"detail": "Invalid token."}


@pytest.mark.django_db
def test_asking_for_another_type_than_json_answers_the_documented_406_in_json():
    token = Token.objects.create(user=UserFactory())
    response = APIClient().get(
        reverse("api-rulesets"),
        HTTP_ACCEPT="application/xml",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert response.status_code == 406
    assert response["Content-Type"] == "application/json"
    assert "Accept header" in response.json()["detail"]


@pytest.mark.django_db
def test_a_throttled_read_answers_the_documented_429(low_api_rates):  # noqa: F811
    client = APIClient()
    url = reverse("api-rulesets")
    statuses = [client.get(url).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
