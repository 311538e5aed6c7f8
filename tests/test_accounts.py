"""Accounts (django-allauth): invite links, a league's open sign-up, password reset
and change, the coach profile page, and the login URL the site always had."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from config.celery import app as celery_app
from leagues import invites
from leagues.models import LeagueInvite
from tests.factories import TEST_PASSWORD, UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory, TeamEntryFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Grimstone-Axe-42"


def page(response) -> str:
    return " ".join(response.content.decode().split())


def sign_up(client, username: str, *, next_url: str = ""):
    data = {
        "username": username,
        "email": f"{username}@dugout.invalid",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
    }
    if next_url:
        data["next"] = next_url
    return client.post(reverse("account_signup"), data)


def logged_in_as(client, username: str) -> bool:
    return f"Log out {username}" in client.get(reverse("home")).content.decode()


@pytest.fixture
def commissioner():
    return UserFactory(username="nuffle")


@pytest.fixture
def league(commissioner):
    return LeagueFactory(name="Old World League", commissioners=[commissioner])


# --- invites: the service -------------------------------------------------------------


def test_an_invite_is_unguessable_expires_and_is_for_one_coach_by_default(commissioner, league):
    invite = invites.create_invite(commissioner, league)
    other = invites.create_invite(commissioner, league)
    assert len(invite.token) >= 43 and invite.token != other.token  # 256 random bits
    assert invite.max_uses == 1 and invite.uses == 0
    lasts = invite.expires_at - timezone.now()
    assert timedelta(days=6, hours=23) < lasts <= timedelta(days=7)


def test_only_a_commissioner_of_the_league_makes_invites(league):
    with pytest.raises(PermissionDenied):
        invites.create_invite(UserFactory(), league)
    other_commissioner = LeagueFactory().commissioners.get()
    with pytest.raises(PermissionDenied):
        invites.create_invite(other_commissioner, league)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"days": 0}, "An invite lasts from 1 to 30 days"),
        ({"days": 31}, "An invite lasts from 1 to 30 days"),
        ({"max_uses": 0}, "An invite is for 1 to 50 coaches"),
        ({"max_uses": 51}, "An invite is for 1 to 50 coaches"),
    ],
)
def test_an_invite_outside_the_limits_is_refused(commissioner, league, kwargs, message):
    with pytest.raises(invites.InviteError, match=message):
        invites.create_invite(commissioner, league, **kwargs)


def test_a_group_invite_admits_as_many_coaches_as_it_says_each_once(commissioner, league):
    invite = invites.create_invite(commissioner, league, max_uses=2)
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    invites.redeem_invite(first, invite.token)
    invites.redeem_invite(first, invite.token)  # already a coach: uses nothing
    invites.redeem_invite(second, invite.token)
    invite.refresh_from_db()
    assert invite.uses == 2
    assert set(league.coaches.all()) == {first, second}
    with pytest.raises(invites.InviteError, match="has already been used"):
        invites.redeem_invite(third, invite.token)


# --- invites: the pages ---------------------------------------------------------------


def test_a_commissioner_makes_an_invite_link_on_the_coaches_page(client, commissioner, league):
    client.force_login(commissioner)
    response = client.post(
        reverse("league-invite-create", args=[league.pk]), {"max_uses": 1, "days": 7}
    )
    assert response.status_code == 302
    invite = LeagueInvite.objects.get(league=league)
    coaches_page = page(client.get(reverse("league-coaches", args=[league.pk])))
    assert "<h1>Old World League: coaches</h1>" in coaches_page
    link = "http://testserver" + reverse("invite-accept", args=[invite.token])
    assert link in coaches_page
    assert reverse("league-coaches", args=[league.pk]) in page(
        client.get(reverse("league-home", args=[league.pk]))
    )


def test_a_bad_invite_form_says_what_to_change(client, commissioner, league):
    client.force_login(commissioner)
    response = client.post(
        reverse("league-invite-create", args=[league.pk]), {"max_uses": 500, "days": 7}
    )
    assert response.status_code == 400
    assert "less than or equal to 50" in page(response)
    assert not LeagueInvite.objects.exists()


def test_only_the_commissioner_sees_and_makes_invite_links(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    coach = UserFactory()
    client.force_login(coach)
    assert invite.token not in page(client.get(reverse("league-coaches", args=[league.pk])))
    response = client.post(reverse("league-invite-create", args=[league.pk]), {"max_uses": 1})
    assert response.status_code == 403
    assert client.post(reverse("league-signup-toggle", args=[league.pk])).status_code == 403
    assert client.post(reverse("league-invite-revoke", args=[invite.pk])).status_code == 403


def test_invite_link_signs_a_visitor_up_as_a_coach_of_the_league(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    link = reverse("invite-accept", args=[invite.token])

    # A visitor opens the link: he is offered to sign up (or log in) and join.
    landing = client.get(link)
    assert landing.status_code == 200
    text = page(landing)
    assert "<h1>Join Old World League</h1>" in text
    assert "You are invited to coach in Old World League" in text
    signup_url = reverse("account_signup")
    assert f"{signup_url}?next=" in text

    # The sign-up page is open to him now, in the site's layout.
    form = client.get(signup_url)
    assert form.status_code == 200
    assert "<h1>Sign up</h1>" in page(form) and 'class="site-header"' in page(form)

    response = sign_up(client, "rookie", next_url=link)
    assert response.status_code == 302, page(response)
    rookie = get_user_model().objects.get(username="rookie")
    assert logged_in_as(client, "rookie")
    assert list(league.coaches.all()) == [rookie]
    invite.refresh_from_db()
    assert invite.uses == 1

    # Back on the link he sees he is in, with the way to draft a team.
    back = page(client.get(response.url))
    assert "You are a coach of Old World League" in back
    assert reverse("team-draft-start") in back


def test_an_existing_coach_logs_in_from_the_link_and_joins(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    link = reverse("invite-accept", args=[invite.token])
    coach = UserFactory(username="veteran")
    assert f"{reverse('login')}?next=" in page(client.get(link))
    response = client.post(
        reverse("login"), {"username": "veteran", "password": TEST_PASSWORD, "next": link}
    )
    assert response.status_code == 302 and response.url == link
    assert "Join Old World League as a coach" in page(client.get(link))
    joined = client.post(link)
    assert joined.status_code == 302 and joined.url == reverse("league-home", args=[league.pk])
    assert list(league.coaches.all()) == [coach]
    assert "You are a coach of Old World League" in page(client.get(joined.url))


def test_a_used_single_invite_is_refused_with_a_clear_page(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    invites.redeem_invite(UserFactory(), invite.token)
    response = client.get(reverse("invite-accept", args=[invite.token]))
    assert response.status_code == 410
    text = page(response)
    assert "<h1>This link cannot be used</h1>" in text
    assert "This invite link to Old World League has already been used" in text
    assert "Ask a commissioner of Old World League for a new link" in text
    # Nor does it open sign-up.
    assert "Sign-up is by invitation" in page(client.get(reverse("account_signup")))
    assert sign_up(client, "latecomer").status_code == 200
    assert not get_user_model().objects.filter(username="latecomer").exists()


def test_an_expired_invite_is_refused_even_to_a_signed_in_coach(client, commissioner, league):
    invite = invites.create_invite(commissioner, league, days=1)
    LeagueInvite.objects.filter(pk=invite.pk).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    coach = UserFactory()
    client.force_login(coach)
    link = reverse("invite-accept", args=[invite.token])
    response = client.get(link)
    assert response.status_code == 410
    assert "This invite link to Old World League expired on" in page(response)
    assert client.post(link).status_code == 410
    assert not league.coaches.exists()


def test_a_withdrawn_or_unknown_invite_is_refused(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    client.force_login(commissioner)
    assert client.post(reverse("league-invite-revoke", args=[invite.pk])).status_code == 302
    client.logout()
    response = client.get(reverse("invite-accept", args=[invite.token]))
    assert response.status_code == 410
    assert "was withdrawn" in page(response)
    unknown = client.get(reverse("invite-accept", args=["not-a-real-token"]))
    assert unknown.status_code == 404
    assert "There is no such invite link" in page(unknown)


def test_an_invite_used_up_while_the_visitor_fills_the_form_closes_sign_up(
    client, commissioner, league
):
    invite = invites.create_invite(commissioner, league)
    client.get(reverse("invite-accept", args=[invite.token]))
    invites.redeem_invite(UserFactory(), invite.token)  # someone else was quicker
    response = sign_up(client, "tooslow")
    assert response.status_code == 200
    assert "Sign-up is by invitation" in page(response)
    assert not get_user_model().objects.filter(username="tooslow").exists()


# --- open sign-up ---------------------------------------------------------------------


def test_sign_up_is_closed_without_an_invite_or_an_open_league(client):
    response = client.get(reverse("account_signup"))
    assert response.status_code == 200
    text = page(response)
    assert "<h1>Sign-up is by invitation</h1>" in text
    sign_up(client, "drifter")
    assert not get_user_model().objects.filter(username="drifter").exists()


def test_open_sign_up_on_and_off(client, commissioner, league):
    join = reverse("league-join", args=[league.pk])
    # Off (the default): the join page says how to get in.
    closed = client.get(join)
    assert closed.status_code == 403
    assert "takes new coaches by invitation only" in page(closed)
    assert "Sign-up is by invitation" in page(client.get(reverse("account_signup")))

    # The commissioner opens it.
    client.force_login(commissioner)
    toggle = reverse("league-signup-toggle", args=[league.pk])
    assert client.post(toggle, {"allow_signup": "on"}).status_code == 302
    league.refresh_from_db()
    assert league.allow_signup
    client.logout()

    # A visitor joins through the league's page and signs up.
    assert join in page(client.get(reverse("league-home", args=[league.pk])))
    assert "is open for sign-up" in page(client.get(join))
    assert sign_up(client, "walkin", next_url=join).status_code == 302
    walkin = get_user_model().objects.get(username="walkin")
    assert list(league.coaches.all()) == [walkin]
    client.logout()

    # The commissioner closes it again: the next visitor is turned away.
    client.force_login(commissioner)
    assert client.post(toggle, {}).status_code == 302
    league.refresh_from_db()
    assert not league.allow_signup
    client.logout()
    assert client.get(join).status_code == 403
    sign_up(client, "walkin2")
    assert not get_user_model().objects.filter(username="walkin2").exists()


# --- login, password reset and change --------------------------------------------------


def test_the_login_url_is_allauths_login_in_the_site_layout(client):
    assert reverse("login") == reverse("account_login") == "/accounts/login/"
    response = client.get(reverse("login"))
    text = page(response)
    assert "<h1>Log in</h1>" in text and 'class="site-header"' in text
    assert 'name="username"' in text and 'id="id_username"' in text
    assert reverse("account_reset_password") in text


def test_password_reset_mail_carries_a_link_that_sets_a_new_password(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    # The mail leaves through the outbox once the request commits, by a Celery task
    # run here in the process (a broker without a worker in the REDIS_URL pass).
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    UserFactory(username="forgetful", email="forgetful@dugout.invalid")
    form = client.get(reverse("account_reset_password"))
    assert "<h1>Reset your password</h1>" in page(form)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("account_reset_password"), {"email": "forgetful@dugout.invalid"}
        )
    assert response.status_code == 302
    assert "<h1>Check your e-mail</h1>" in page(client.get(response.url))
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["forgetful@dugout.invalid"]
    assert message.subject.startswith("[Dugout] ")
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", message.body)
    assert link, message.body

    # The link leads (through allauth's redirect that hides the key) to the form.
    landing = client.get(link.group(1), follow=True)
    assert "<h1>Choose a new password</h1>" in page(landing)
    form_url = landing.redirect_chain[-1][0] if landing.redirect_chain else link.group(1)
    done = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert "<h1>Password changed</h1>" in page(client.get(done.url))

    assert (
        client.post(
            reverse("login"), {"username": "forgetful", "password": NEW_PASSWORD}
        ).status_code
        == 302
    )
    # The link works once.
    again = client.get(link.group(1), follow=True)
    assert "This reset link no longer works" in page(again)


def test_password_change_needs_the_current_password(client):
    coach = UserFactory(username="careful")
    client.force_login(coach)
    url = reverse("account_change_password")
    assert "<h1>Change your password</h1>" in page(client.get(url))
    wrong = client.post(
        url, {"oldpassword": "not-it", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert wrong.status_code == 200
    assert "Please type your current password" in page(wrong)
    right = client.post(
        url, {"oldpassword": TEST_PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert right.status_code == 302
    coach.refresh_from_db()
    assert coach.check_password(NEW_PASSWORD)


# --- the profile page -----------------------------------------------------------------


def test_a_coach_profile_lists_his_teams_and_leagues(client, commissioner, league):
    coach = UserFactory(username="grombrindal")
    team = drafted_team(coach, name="Karak Hammers", roster_slug="dwarf")
    TeamEntryFactory(team=team, division__season__league=league)
    runs = LeagueFactory(name="Badlands Cup", commissioners=[coach])
    joined = LeagueFactory(name="Lustria League")
    joined.coaches.add(coach)
    drafted_team(UserFactory(), name="Someone Else's Team")

    response = client.get(reverse("coach-profile", args=["grombrindal"]))
    assert response.status_code == 200
    text = page(response)
    assert "<h1>Coach grombrindal</h1>" in text
    assert "Karak Hammers" in text and "Someone Else's Team" not in text
    assert "Old World League</a> — coach" in text
    assert "Badlands Cup</a> — commissioner" in text
    assert "Lustria League</a> — coach" in text
    assert runs.name in text
    assert reverse("account_change_password") not in text  # not his own page
    assert reverse("notification-preferences") not in text

    client.force_login(coach)
    own = page(client.get(reverse("coach-profile", args=["grombrindal"])))
    assert reverse("account_change_password") in own
    assert f'href="{reverse("notification-preferences")}">E-mail notifications</a>' in own
    assert f'href="{reverse("coach-profile", args=["grombrindal"])}">Profile</a>' in own
    assert client.get(reverse("my-profile")).url == reverse("coach-profile", args=["grombrindal"])
    assert client.get(reverse("coach-profile", args=["nobody"])).status_code == 404


def test_a_coach_adds_an_email_address_for_password_resets(client):
    coach = UserFactory(username="noaddress", email="")
    client.force_login(coach)
    url = reverse("account_email")
    empty = page(client.get(url))
    assert "<h1>Your e-mail address</h1>" in empty and 'class="site-header"' in empty
    assert "Your account has no e-mail address" in empty
    added = client.post(url, {"action_add": "", "email": "found@dugout.invalid"})
    assert added.status_code == 302
    assert "found@dugout.invalid" in page(client.get(url))
