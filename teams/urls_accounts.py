"""Coach profiles and team transfers (teams/views_profile.py, teams/views_transfer.py)."""

from django.urls import path

from teams import views_profile, views_transfer

urlpatterns = [
    path("accounts/profile/", views_profile.my_profile, name="my-profile"),
    path("coaches/<str:username>/", views_profile.coach_profile, name="coach-profile"),
    path("teams/<int:pk>/transfer/", views_transfer.team_transfer, name="team-transfer"),
]
