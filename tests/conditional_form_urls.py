"""A public page with a form, for tests/test_conditional_get.py: the page cache must
give each visitor his own CSRF token (config.conditional)."""

from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path

from config.conditional import public_page

_FORM = engines["django"].from_string(
    '<form method="post">{% csrf_token %}<button>Go</button></form>'
)


@public_page()
def form_page(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_FORM.render({}, request))


urlpatterns = [path("form/", form_page)]
