"""Players to check the engine's quick paths against its plain ones: those of the
engine bench's matches, each also with more SPP, as a journeyman and with six
advancements (every branch of the advancement offers), for the editions that know
their positions."""

from __future__ import annotations

from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState
from rules_engine.ruleset import Ruleset
from tests.rules_engine.seeded_matches import make_match


def bench_players(ruleset: Ruleset, seeds: int = 40) -> list[PlayerState]:
    """The players of the first ``seeds`` bench matches (drawn from BB2020's rosters)
    and their variants, less those whose position ``ruleset`` does not know."""
    players = []
    for seed in range(seeds):
        match = make_match(get_ruleset("bb2020"), seed)
        for player in (*match.home.players, *match.away.players):
            players.append(player)
            players.append(player.evolve(spp=player.spp + 30))
            players.append(player.evolve(journeyman=True, spp=50))
            players.append(player.evolve(advancements=6, spp=99))
    return [p for p in players if _has_position(ruleset, p.position_slug)]


def _has_position(ruleset: Ruleset, slug: str) -> bool:
    try:
        ruleset.position(slug)
    except KeyError:
        return False
    return True
