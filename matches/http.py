"""The request type of the match pages: Django's, with django-htmx's details."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through ``HtmxMiddleware`` (``request.htmx``)."""

    htmx: HtmxDetails
