"""A coach's profile page (accounts/views.py), his NAF number, which the NAF
tournament reports number him by, and his language (accounts/api.py)."""

from django.urls import path

from accounts import api, views

urlpatterns = [
    path("accounts/profile/", views.my_profile, name="my-profile"),
    path("coaches/<str:username>/", views.coach_profile, name="coach-profile"),
    path("api/v1/account/naf-number/", api.NafNumberView.as_view(), name="api-naf-number"),
    path("api/v1/account/language/", api.LanguageView.as_view(), name="api-language"),
]
