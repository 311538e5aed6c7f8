"""Team transfers (teams/views_transfer.py)."""

from django.urls import path

from teams import views_transfer

urlpatterns = [
    path("teams/<int:pk>/transfer/", views_transfer.team_transfer, name="team-transfer"),
]
