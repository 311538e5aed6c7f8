"""/api/v1/leagues/...: leagues, seasons, divisions, fixtures, standings, brackets."""

from rest_framework.routers import DefaultRouter

from leagues import api

router = DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("leagues/seasons", api.SeasonViewSet, basename="api-season")
router.register("leagues/divisions", api.DivisionViewSet, basename="api-division")
router.register("leagues/fixtures", api.FixtureViewSet, basename="api-fixture")
router.register("leagues", api.LeagueViewSet, basename="api-league")

urlpatterns = router.urls
