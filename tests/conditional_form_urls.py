"""A public page with a form, for tests/test_conditional_get.py: each visitor gets his
own CSRF token, and the ETag names the cookie it is masked with (core.conditional)."""

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path

from core import versions
from core.conditional import conditional_page

_FORM = engines["django"].from_string(
    '<form method="post">{% csrf_token %}<button>Go</button></form>'
)


@conditional_page(lambda request: versions.every_version())
def form_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_FORM.render({}, request))


urlpatterns = [path("form/", form_page)]
