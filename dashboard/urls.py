"""The commissioner's oversight page (the home page itself is config/urls.py's)."""

from django.urls import path

from dashboard import views

urlpatterns = [
    path("leagues/oversight/", views.oversight, name="league-oversight"),
]
